import { messageFn } from '../common/i18n/messages.ts';
import { $county } from './area.ts';
import { SCREEN, type List, type ListItem, type ListState } from './lists.ts';

/**
 * A board drawn without React: a custom element over the list kit that fills BoardStates. The
 * boards whose first cards are the largest thing on their page use it, because on a slow phone
 * line React's 70 KB alone kept those cards from showing in time. The page's area choice
 * (src/client/area.ts) makes a new list, of that county's items.
 */
export abstract class BoardElement<T extends ListItem> extends HTMLElement {
  protected t = messageFn(JSON.parse(this.dataset.messages ?? '{}'));
  protected list!: List<T>;
  /** The board's list, narrowed to `county` (null: all of California). */
  protected abstract listAt(county: string | null): List<T>;
  /** Screens of cards shown; "Show more" adds one, asking the API for older items when all are shown. */
  protected screens = 1;
  #stops: (() => void)[] = [];
  #listStops: (() => void)[] = [];
  /** Cards drawn, by place and id, with what they were drawn from: a refresh that changes nothing keeps them (and the focus in them). */
  #drawn = new Map<string, { from: string; card: HTMLLIElement }>();

  protected piece<E extends HTMLElement = HTMLElement>(state: string): E {
    return this.querySelector<E>(`[data-state="${state}"]`)!;
  }

  /** One card; `place` tells the board's own cards from others the element draws (saved jobs). */
  protected abstract card(item: T, place: string): HTMLLIElement;

  /** The items the board shows: the list's, or a filtered view of them. */
  protected shownItems(items: T[] | null): T[] | null {
    return items;
  }

  /** Anything else a card depends on, so a change redraws it. */
  protected cardState(_item: T): unknown {
    return null;
  }

  /** The element's own listeners, started with the list; returns their stops. */
  protected begin(): (() => void)[] {
    return [];
  }

  connectedCallback() {
    const retry = () => void this.list.refresh();
    const more = () => void this.#showMore();
    const buttons = [...this.querySelectorAll<HTMLButtonElement>('[data-retry]')];
    for (const button of buttons) button.addEventListener('click', retry);
    this.piece('more').addEventListener('click', more);
    this.#follow($county.get());
    this.#stops = [
      ...this.begin(),
      $county.listen((county) => this.#follow(county)),
      () => {
        for (const stop of this.#listStops.splice(0)) stop();
        for (const button of buttons) button.removeEventListener('click', retry);
        this.piece('more').removeEventListener('click', more);
      },
    ];
  }

  disconnectedCallback() {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /** Shows the list of `county`, from its first screen, in place of the one shown. */
  #follow(county: string | null) {
    for (const stop of this.#listStops.splice(0)) stop();
    this.list = this.listAt(county);
    this.screens = 1;
    this.#listStops = [this.list.$state.listen(() => this.draw()), this.list.start()];
    this.draw();
  }

  async #showMore() {
    const items = this.shownItems(this.list.$state.get().items);
    if (items && this.screens * SCREEN >= items.length) await this.list.loadMore();
    this.screens += 1;
    this.draw();
  }

  /** The list's states: loading, failed, empty, or a screen of cards at a time. */
  protected draw({ items: all, failed, more, loadingMore }: ListState<T> = this.list.$state.get()) {
    const items = this.shownItems(all);
    const shown = items?.slice(0, this.screens * SCREEN) ?? [];
    this.piece('cards').parentElement!.setAttribute('aria-busy', String(items === null && !failed));
    this.piece('loading').hidden = items !== null || failed;
    this.piece('failed').hidden = items !== null || !failed;
    this.piece('empty').hidden = items?.length !== 0;
    this.piece('stale').hidden = !items?.length || !failed;
    const showMore = this.piece<HTMLButtonElement>('more');
    showMore.hidden = !items?.length || (shown.length === items.length && !more);
    showMore.disabled = loadingMore;
    this.piece('cards').hidden = !shown.length;
    this.fill(this.piece('cards'), shown, 'board');
  }

  /** Puts these items' cards in `list`, in order, drawing only the new or changed ones. */
  protected fill(list: HTMLElement, items: T[], place: string) {
    const cards = items.map((item) => {
      const key = `${place}:${item.id}`;
      const from = JSON.stringify([item, this.cardState(item)]);
      const drawn = this.#drawn.get(key);
      if (drawn?.from === from) return drawn.card;
      const card = this.card(item, place);
      this.#drawn.set(key, { from, card });
      return card;
    });
    cards.forEach((card, index) => {
      if (list.children[index] !== card) list.insertBefore(card, list.children[index] ?? null);
    });
    while (list.children.length > cards.length) list.lastElementChild!.remove();
    for (const [key, { card }] of this.#drawn) if (key.startsWith(`${place}:`) && !cards.includes(card)) this.#drawn.delete(key);
  }
}
