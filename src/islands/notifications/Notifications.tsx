import { useEffect, useId, useState, type FormEvent } from 'react';
import { PUSH_TOPICS, type PushTopic } from '../../common/contract/limits.ts';
import type { PushDeviceState } from '../../common/contract/push.ts';
import { localizePath, type Lang } from '../../common/i18n/languages.ts';
import { messageFn, type MessageKey, type Messages } from '../../common/i18n/messages.ts';
import { ApiError, call, failureCause } from '../../client/api.ts';
import { browserPush, unsubscribeBrowser, type BrowserPush } from '../../client/live/push.ts';
import { forgetTextAlert, textAlerts, type TextAlert } from '../../client/text-alerts.ts';
import { isolate, personPath } from '../../common/format.ts';
import { showToast } from '../../client/toast.ts';
import { TextCodeForm } from './TextCode.tsx';

type T = ReturnType<typeof messageFn>;

/** Each topic by the name its board goes by. */
const TOPIC_KEYS: Record<PushTopic, MessageKey> = {
  enforcement: 'nav.iceReports',
  alerts: 'alerts.title',
  missing: 'home.alertMissing',
  drops: 'notifications.topicDrops',
  jobs: 'nav.jobs',
};

/** This device's push: not possible here, off, or on with what the server keeps for it. */
type Push = 'unsupported' | 'off' | { browser: BrowserPush; state: PushDeviceState };

/** One change at a time: `pending` names the one on its way; a failure says so, keeping the page as it was. */
function useChange(t: T) {
  const [pending, setPending] = useState<string | null>(null);
  const run = async (what: string, change: () => Promise<unknown>) => {
    setPending(what);
    try {
      await change();
    } catch (error) {
      showToast({ title: t('notifications.saveFailed'), variant: 'destructive', cause: failureCause(error) });
    } finally {
      setPending(null);
    }
  };
  return [pending, run] as const;
}

/**
 * /notifications: what this device is signed up for, in one place, each to change or stop: its
 * browser notifications (counties and topics), the person records it follows, and the phones it
 * signed up for text alerts. Everything is known from this device alone: the browser's own push
 * subscription, and the numbers it remembers.
 */
export default function Notifications({ lang, messages, counties }: { lang: Lang; messages: Messages; counties: string[] }) {
  const t = messageFn(messages, lang);
  const [push, setPush] = useState<Push | null>(null);
  const [texts, setTexts] = useState<TextAlert[] | null>(null);

  useEffect(() => {
    setTexts(textAlerts());
    void (async () => {
      try {
        const browser = await browserPush(false);
        if (browser === 'unsupported' || browser === 'blocked') return setPush('unsupported');
        if (!browser) return setPush('off');
        setPush({ browser, state: await call('POST /api/push/subscriptions/lookup', { endpoint: browser.endpoint }) });
      } catch (error) {
        // The server no longer knows this browser (its push service said it was gone): it is off.
        setPush(error instanceof ApiError && error.status === 404 ? 'off' : 'unsupported');
      }
    })();
  }, []);

  // Drawn on the server hidden: without JavaScript the page's own notice says what to do instead.
  if (!push || !texts)
    return (
      <p className="note" hidden={!texts}>
        {t('common.loading')}
      </p>
    );
  return (
    <div className="stack notifications">
      <PushCard t={t} lang={lang} push={push} setPush={setPush} counties={counties} />
      {typeof push === 'object' && <FollowsCard t={t} lang={lang} push={push} setPush={setPush} />}
      <TextsCard t={t} lang={lang} texts={texts} setTexts={setTexts} />
    </div>
  );
}

function PushCard({ t, lang, push, setPush, counties }: { t: T; lang: Lang; push: Push; setPush: (push: Push) => void; counties: string[] }) {
  const id = useId();
  const [change, run] = useChange(t);
  const pending = change !== null;
  const on = typeof push === 'object' ? push : null;

  const turnOn = () =>
    run('on', async () => {
      const browser = await browserPush(true);
      if (browser === 'blocked') return showToast({ title: t('alertsLive.notifyBlocked'), variant: 'destructive' });
      if (!browser || browser === 'unsupported') return setPush('unsupported');
      const state = await call('POST /api/push/subscriptions', { ...browser, lang });
      setPush({ browser, state: { ...state, follows: [], reminders: [] } });
      showToast({ title: t('alertsLive.enabledToast'), variant: 'success' });
    });

  const turnOff = (browser: BrowserPush) =>
    run('off', async () => {
      await call('DELETE /api/push/subscriptions', { endpoint: browser.endpoint });
      await unsubscribeBrowser().catch(() => undefined);
      setPush('off');
      showToast({ title: t('notifications.turnedOff'), variant: 'success' });
    });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!on) return;
    const form = new FormData(event.currentTarget);
    const some = form.get('area') === 'some';
    const areas = some ? form.getAll('county').map(String) : [];
    if (some && !areas.length) return showToast({ title: t('notifications.chooseCounty'), variant: 'destructive' });
    const topics = form.getAll('topic').map(String) as PushTopic[];
    const updates = form.has('updates');
    await run('save', async () => {
      const state = await call('POST /api/push/subscriptions', { ...on.browser, areas, topics, lang, updates });
      setPush({ ...on, state: { ...on.state, ...state } });
      showToast({ title: t('notifications.saved'), variant: 'success' });
    });
  }

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('notifications.pushTitle')}</h2>
      {push === 'unsupported' && <p>{t('notifications.unsupported')}</p>}
      {push === 'off' && (
        <>
          <p>{t('notifications.pushOff')}</p>
          <button type="button" className="button" disabled={pending} onClick={() => void turnOn()}>
            {t('notifications.turnOn')}
          </button>
        </>
      )}
      {on && <PushChoice key={[...on.state.areas, ...on.state.topics, on.state.updates].join()} t={t} state={on.state} counties={counties} pending={pending} onSubmit={save} />}
      {on && (
        <div>
          <button type="button" className="button secondary" disabled={pending} onClick={() => void turnOff(on.browser)}>
            {t('notifications.turnOff')}
          </button>
          {on.state.follows.length > 0 && <p className="note">{t('notifications.turnOffFollows')}</p>}
        </div>
      )}
    </section>
  );
}

/** The counties and topics of this device's pushes, as saved: a new save draws it anew. */
function PushChoice({
  t,
  state,
  counties,
  pending,
  onSubmit,
}: {
  t: T;
  state: PushDeviceState;
  counties: string[];
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const [some, setSome] = useState(state.areas.length > 0);
  return (
    <form className="form-grid" onSubmit={onSubmit}>
      <fieldset className="field">
        <legend>{t('notifications.areas')}</legend>
        <label className="choice-option">
          <input type="radio" name="area" value="all" checked={!some} onChange={() => setSome(false)} />
          {t('place.all')}
        </label>
        <label className="choice-option">
          <input type="radio" name="area" value="some" checked={some} onChange={() => setSome(true)} />
          {t('notifications.someCounties')}
        </label>
        {some && (
          <div className="county-choice">
            {counties.map((county) => (
              <label className="choice-option" key={county}>
                <input type="checkbox" name="county" value={county} defaultChecked={state.areas.includes(county)} />
                {t('place.county', { county })}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <fieldset className="field">
        <legend>{t('notifications.topics')}</legend>
        {PUSH_TOPICS.map((topic) => (
          <label className="choice-option" key={topic}>
            <input type="checkbox" name="topic" value={topic} defaultChecked={state.topics.includes(topic)} />
            {t(TOPIC_KEYS[topic])}
          </label>
        ))}
        <span className="hint">{t('notifications.noTopicsHint')}</span>
      </fieldset>
      <label className="choice-option">
        <input type="checkbox" name="updates" defaultChecked={state.updates} />
        {t('notifications.updates')}
      </label>
      <button className="button" type="submit" disabled={pending}>
        {t('notifications.save')}
      </button>
    </form>
  );
}

function FollowsCard({ t, lang, push, setPush }: { t: T; lang: Lang; push: Exclude<Push, string>; setPush: (push: Push) => void }) {
  const id = useId();
  const [pending, run] = useChange(t);
  const { follows } = push.state;

  const stop = (recordId: string) =>
    run(recordId, async () => {
      await call('DELETE /api/push/follows', { endpoint: push.browser.endpoint, id: recordId });
      setPush({ ...push, state: { ...push.state, follows: follows.filter((record) => record.id !== recordId) } });
      showToast({ title: t('person.unfollowed'), variant: 'success' });
    });

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('notifications.followsTitle')}</h2>
      {follows.length === 0 ? (
        <p className="note">{t('notifications.followsNone', { button: t('person.follow') })}</p>
      ) : (
        <ul className="notification-list">
          {follows.map((record) => (
            <li key={record.id} data-record-id={record.id}>
              <a href={personPath(record.id, lang)}>
                <bdi>{record.name}</bdi>
              </a>
              {record.status === 'found' && <span className="badge done">{t('lostFound.found')}</span>}
              <button type="button" className="button secondary small" disabled={pending === record.id} onClick={() => void stop(record.id)}>
                {t('person.unfollow')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TextsCard({ t, lang, texts, setTexts }: { t: T; lang: Lang; texts: TextAlert[]; setTexts: (texts: TextAlert[]) => void }) {
  const id = useId();
  const [pending, run] = useChange(t);
  // Stopping takes the code texted to the number: the number whose code is awaited.
  const [stopping, setStopping] = useState<string | null>(null);

  const stop = (phone: string) =>
    run(phone, async () => {
      await call('POST /api/alert-subscriptions/stop', { phone, lang });
      setStopping(phone);
    });

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('alertsLive.textTitle')}</h2>
      {texts.length === 0 ? (
        <p className="note">{t('notifications.textNone')}</p>
      ) : (
        <ul className="notification-list">
          {texts.map((text) => (
            <li key={text.phone}>
              <span>
                <bdi dir="ltr">{text.phone}</bdi> · <bdi>{text.city || t('place.all')}</bdi>
              </span>
              {stopping === text.phone ? (
                <div className="stack">
                  <p>{t('alertsLive.stopCodeSentText', { phone: isolate(text.phone) })}</p>
                  <TextCodeForm
                    t={t}
                    lang={lang}
                    phone={text.phone}
                    purpose="stop"
                    done={() => {
                      forgetTextAlert(text.phone);
                      setStopping(null);
                      setTexts(textAlerts());
                    }}
                    back={() => setStopping(null)}
                  />
                </div>
              ) : (
                <button type="button" className="button secondary small" disabled={pending === text.phone} onClick={() => void stop(text.phone)}>
                  {t('alertsLive.unsubscribe')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="note">{t('notifications.textElsewhere')}</p>
      <a className="more-link" href={`${localizePath('/alerts-live', lang)}#subscribe`}>
        {t('notifications.toTextForm')}
      </a>
    </section>
  );
}
