import type { ContactKind, LostFoundNote, LostFoundRecord, NoteStatus, RevealedContact } from '../../common/contract/index.ts';
import { isLang, type Lang } from '../../common/i18n/languages.ts';
import { messageFn } from '../../common/i18n/messages.ts';
import { api, ApiError, call, failureCause } from '../../client/api.ts';
import { revealFailureKey } from '../../client/reveal.ts';
import { h } from '../../client/dom.ts';
import { contactLink } from '../../common/format.ts';
import { actionOf } from '../../common/forms/kit.ts';
import { formElement } from '../../client/form-element.ts';
import { MESSAGE_FORM, NOTE_FORM } from '../../common/forms/person.ts';
import { $liveEvent } from '../../client/live/store.ts';
import { contactNote, noteFacts } from '../../common/person-notes.ts';
import { recordFacts, takesMessages } from '../../common/person.ts';
import { browserPush, pushSupported } from '../../client/live/push.ts';
import { MAX_PUSH_FOLLOWS } from '../../common/contract/limits.ts';
import { shareOrCopy } from '../../client/share.ts';
import { showToast } from '../../client/toast.ts';

type State = 'loading' | 'failed' | 'gone' | 'record';
const STATES: State[] = ['loading', 'failed', 'gone', 'record'];
const bdi = (text: string) => h('bdi', { textContent: text });
const pageLang = document.documentElement.dataset.lang;

class PersonRecord extends HTMLElement {
  #t = messageFn(JSON.parse(this.dataset.messages ?? '{}'));
  #lang: Lang = isLang(pageLang) ? pageLang : 'en';
  #id = new URLSearchParams(location.search).get('id')?.trim() ?? '';
  #record: LostFoundRecord | null = null;
  /** Answers to older requests than the last are dropped: a live refresh never draws an older record over a newer one. */
  #asked = 0;
  #form = this.querySelector<HTMLFormElement>('.person-form form')!;
  /** Whether the record was drawn once: a link to its message form (#message) is followed then. */
  #drawn = false;
  #stops: (() => void)[] = [];
  /** Whether this browser's push subscription follows the record (checked once, with the server). */
  #following = false;

  #piece<E extends HTMLElement = HTMLElement>(selector: string): E {
    return this.querySelector<E>(selector)!;
  }

  connectedCallback() {
    const retry = () => void this.#load();
    const share = () => void this.#share();
    const follow = () => void this.#follow();
    const retryButton = this.#piece('[data-retry]');
    const shareButton = this.#piece('.person-share');
    const followButton = this.#piece<HTMLButtonElement>('.person-follow');
    retryButton.addEventListener('click', retry);
    shareButton.addEventListener('click', share);
    followButton.addEventListener('click', follow);
    this.#stops = [
      () => retryButton.removeEventListener('click', retry),
      () => shareButton.removeEventListener('click', share),
      () => followButton.removeEventListener('click', follow),
      $liveEvent.listen((event) => {
        if (event?.event === 'new-missing-person-note' && event.data.postId === this.#id) void this.#load();
      }),
    ];
    this.#wireForm();
    this.#wireMessage();
    if (this.#id) void this.#load();
    else this.#show('gone');
    if (this.#id && pushSupported()) void this.#followState();
  }

  /** Offers "Notify me about this person" where pushes can reach this browser, or "Stop following" once it does. */
  async #followState() {
    try {
      const push = await browserPush(false);
      if (push === 'unsupported') return;
      if (push && push !== 'blocked') {
        const { follows } = await call('POST /api/push/subscriptions/lookup', { endpoint: push.endpoint });
        this.#following = follows.some((record) => record.id === this.#id);
      }
    } catch {
      // Unknown to the server, or offline: offered as not followed.
    }
    this.#drawFollow();
  }

  #drawFollow() {
    const button = this.#piece<HTMLButtonElement>('.person-follow');
    button.textContent = this.#t(this.#following ? 'person.unfollow' : 'person.follow');
    button.hidden = false;
  }

  async #follow() {
    const t = this.#t;
    const button = this.#piece<HTMLButtonElement>('.person-follow');
    if (button.disabled) return;
    button.disabled = true;
    try {
      const push = await browserPush(!this.#following);
      if (push === 'blocked') return showToast({ title: t('alertsLive.notifyBlocked'), variant: 'destructive' });
      if (!push || push === 'unsupported') return showToast({ title: t('notifications.unsupported'), variant: 'destructive' });
      if (this.#following) {
        await call('DELETE /api/push/follows', { endpoint: push.endpoint, id: this.#id });
        this.#following = false;
        showToast({ title: t('person.unfollowed'), variant: 'success' });
      } else {
        await call('POST /api/push/follows', { ...push, lang: this.#lang, id: this.#id });
        this.#following = true;
        showToast({ title: t('person.followed'), description: t('person.followedText'), variant: 'success' });
      }
      this.#drawFollow();
    } catch (error) {
      const full = error instanceof ApiError && error.status === 409;
      showToast({ title: t(full ? 'person.followLimit' : 'person.followFailed', { max: MAX_PUSH_FOLLOWS }), variant: 'destructive', cause: failureCause(error) });
    } finally {
      button.disabled = false;
    }
  }

  disconnectedCallback() {
    for (const stop of this.#stops.splice(0)) stop();
  }

  #show(state: State) {
    for (const name of STATES) this.#piece(`[data-state="${name}"]`).hidden = name !== state;
    this.setAttribute('aria-busy', String(state === 'loading'));
  }

  async #load() {
    const asked = ++this.#asked;
    if (!this.#record) this.#show('loading');
    try {
      const record = await call('GET /api/lost-found/:id', undefined, { id: this.#id });
      if (asked !== this.#asked) return;
      this.#record = record;
      this.#draw();
      this.#show('record');
    } catch (error) {
      if (asked !== this.#asked) return;
      // A refresh that fails keeps the record shown; one that finds it gone says so.
      if (error instanceof ApiError && error.status === 404) this.#show('gone');
      else if (!this.#record) this.#show('failed');
    }
  }

  #draw() {
    const t = this.#t;
    const record = this.#record!;
    const view = recordFacts(record, this.#lang);
    const photo = record.photoUrl
      ? h('img', { className: 'post-photo person-photo', src: record.photoUrl, alt: t('lostFound.photoOf', { name: record.name }), width: 120, height: 120, decoding: 'async' })
      : h('div', { className: 'post-photo person-photo placeholder', attrs: { 'aria-hidden': 'true' }, textContent: view.initial });
    this.#piece('.person-photo-slot').replaceChildren(photo);
    this.#piece('#person-name').replaceChildren(bdi(record.name));
    this.#piece('.person-badges').replaceChildren(
      h('span', { className: `badge ${view.badge.tone}`, textContent: t(view.badge.key) }),
      record.sample ? h('span', { className: 'badge', title: t('common.sampleNote'), textContent: t('common.sample') }) : '',
    );
    const lastSeen = [view.lastSeen.city && bdi(view.lastSeen.city), view.lastSeen.date].filter((part) => !!part);
    // Only the facts the record has: replaceChildren would print a missing one as "null".
    const facts = [
      lastSeen.length > 0 &&
        h(
          'p',
          { className: 'post-meta' },
          h('span', { className: 'label', textContent: `${t('lostFound.lastSeen')}:` }),
          ' ',
          ...lastSeen.flatMap((part, index) => (index ? [' · ', part] : [part])),
        ),
      record.description && h('p', { className: 'person-description', dir: 'auto', textContent: record.description }),
      !takesMessages(record) && this.#contact(record.id, record.contactKind!),
      h('p', { className: 'note', textContent: `${t('lostFound.posted')} ${view.posted}` }),
    ];
    this.#piece('.person-facts').replaceChildren(...facts.filter((fact) => !!fact));
    const message = this.#piece('.person-message');
    message.hidden = !takesMessages(record);
    // The board's "Send a message to the family" leads here: the form is only there once the record is.
    if (!this.#drawn && location.hash === '#message' && !message.hidden) requestAnimationFrame(() => this.#piece('#message').focus());
    this.#drawn = true;
    const reached = contactNote(record.notes);
    this.#piece('.person-reached').hidden = !reached;
    this.#piece('.person-reached-note').replaceChildren(reached ? this.#note(reached, 'div') : '');
    this.#piece('.person-no-notes').hidden = record.notes.length > 0;
    this.#piece('.person-note-list').replaceChildren(...record.notes.map((note) => this.#note(note, 'li')));
  }

  /** The poster's contact on a tap: asked of the server (which wants a proof of work, solved by the API kit), then shown as a link. */
  #contact(id: string, kind: ContactKind) {
    const t = this.#t;
    const label = t(kind === 'email' ? 'lostFound.email' : 'lostFound.contactButton');
    const button = h('button', { className: 'button secondary', type: 'button', textContent: label });
    const error = h('span', { className: 'field-error', attrs: { role: 'alert' } });
    const slot = h('p', { className: 'post-contact' }, button, error);
    button.addEventListener('click', async () => {
      button.disabled = true;
      button.textContent = t('common.loading');
      try {
        const { contact } = await api<RevealedContact>(`/api/lost-found/${encodeURIComponent(id)}/contact`, { method: 'POST' });
        const link = contactLink(contact);
        slot.replaceChildren(link.href ? h('a', { className: 'contact-value', href: link.href, dir: 'auto', textContent: contact }) : bdi(contact));
      } catch (failure) {
        button.disabled = false;
        button.textContent = label;
        error.textContent = t(revealFailureKey(failure));
      }
    });
    return slot;
  }

  #note(note: LostFoundNote, tag: 'li' | 'div') {
    const t = this.#t;
    const { status, author, lastKnown, when } = noteFacts(note, this.#lang);
    // The author's name isolated inside the sentence that gives it ("From {name}").
    const [before, after] = t('person.noteFrom', { name: '\u0000' }).split('\u0000');
    const about = [
      author && h('span', {}, before ?? '', bdi(author), after ?? ''),
      lastKnown && h('span', {}, `${t('person.noteLastKnown')}: `, bdi(lastKnown)),
      h('time', { dateTime: note.createdAt, textContent: when }),
    ].filter((part) => !!part);
    return h(
      tag,
      { className: `person-note${note.status ? ` status-${note.status}` : ''}`, attrs: { 'data-note-id': note.id } },
      status && h('p', { className: 'person-note-status', textContent: t(status) }),
      h('p', { className: 'person-note-text', dir: 'auto', textContent: note.text }),
      h('p', { className: 'note' }, ...about.flatMap((part, index) => (index ? [' · ', part] : [part]))),
    );
  }

  async #share() {
    const t = this.#t;
    // The page's own address with the record's id, never anything typed.
    const address = `${location.origin}${location.pathname}?id=${encodeURIComponent(this.#id)}`;
    const done = await shareOrCopy(this.#record?.name ?? t('person.title'), address);
    if (done === 'copied') showToast({ title: t('person.copied'), variant: 'success' });
    if (done === 'failed') showToast({ title: t('person.shareFailed'), variant: 'destructive' });
  }

  /** The message to the family, on the same loop: the API kit does the proof of work the server asks for. */
  #wireMessage() {
    const form = this.#piece<HTMLFormElement>('.person-message form');
    form.action = actionOf(MESSAGE_FORM, this.#id);
    const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : '');
    formElement(form, {
      spec: MESSAGE_FORM,
      t: this.#t,
      send: (values) => call('POST /api/lost-found/:id/messages', { name: text(values.name), message: text(values.message), reach: text(values.reach) || null }, { id: this.#id }),
      refused: (error) => {
        // The family shows their contact now: drawn again, the record offers it (what was typed stays in the form).
        if (error.status !== 409) return false;
        showToast({ title: this.#t('relay.error'), description: this.#t('relay.showsContact'), variant: 'destructive' });
        void this.#load();
        return true;
      },
    });
  }

  /** The note form, on the one submit loop (src/client/forms.ts): what was typed is kept on failure, a record gone says so. */
  #wireForm() {
    const form = this.#form;
    const contactBox = form.querySelector<HTMLElement>('[data-field="authorMadeContact"]')!;
    const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | RadioNodeList;
    // "I made contact" goes only with "believed alive": the box is there for that choice only.
    const fitContactBox = () => {
      const alive = (input('status') as RadioNodeList).value === 'believed_alive';
      contactBox.hidden = !alive;
      if (!alive) (input('authorMadeContact') as HTMLInputElement).checked = false;
    };
    fitContactBox();
    form.action = actionOf(NOTE_FORM, this.#id);
    form.addEventListener('change', fitContactBox);
    const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : '');
    formElement(form, {
      spec: NOTE_FORM,
      t: this.#t,
      send: (values) =>
        call(
          'POST /api/lost-found/:id/notes',
          {
            authorName: text(values.authorName),
            text: text(values.text),
            status: text(values.status) as NoteStatus,
            authorMadeContact: values.authorMadeContact === true,
            lastKnownLocation: text(values.lastKnownLocation) || null,
            contact: text(values.contact) || null,
          },
          { id: this.#id },
        ),
      sent: (note) => {
        fitContactBox();
        if (this.#record && !this.#record.notes.some((shown) => shown.id === note.id)) {
          this.#record = { ...this.#record, notes: [note, ...this.#record.notes] };
          this.#draw();
        }
      },
      refused: (error) => {
        if (error.status !== 404) return false;
        this.#show('gone');
        return true;
      },
    });
  }
}

customElements.define('person-record', PersonRecord);
