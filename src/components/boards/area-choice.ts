import { messageFn } from '../../common/i18n/messages.ts';
import { $county, countyInHash } from '../../client/area.ts';

const NEAR = 'near';

class AreaChoice extends HTMLElement {
  #t = messageFn(JSON.parse(this.dataset.messages ?? '{}'));
  #select = this.querySelector('select')!;
  #status = this.querySelector('[role="status"]')!;
  /** The county "near me" found, asked for once per page. */
  #near: Promise<{ name: string; county: string } | null> | undefined;

  connectedCallback() {
    const counties = [...this.#select.options].map((option) => option.value).filter((value) => value && value !== NEAR);
    // A map's link names it in the fragment; a board drawn by the server, in its address (`?county=`).
    const arrived = countyInHash(location.hash, counties) ?? countyInHash(location.search, counties);
    if (arrived) this.#choose(arrived);
    this.#select.addEventListener('change', () => void this.#changed());
  }

  #choose(county: string | null) {
    this.#select.value = county ?? '';
    this.#status.textContent = '';
    $county.set(county);
    // The fragment, never the query: it stays on the phone, and the map's links use it. A county
    // (and the cards shown) a board's address asked for without scripts go from it.
    history.replaceState(history.state, '', county ? `${location.pathname}#county=${encodeURIComponent(county)}` : location.pathname);
  }

  async #changed() {
    const value = this.#select.value;
    if (value !== NEAR) return this.#choose(value || null);
    this.#status.textContent = this.#t('place.locating');
    try {
      const place = await (this.#near ??= this.#locate());
      if (this.#select.value !== NEAR) return;
      if (!place) {
        this.#choose(null);
        this.#status.textContent = this.#t('place.outside');
        return;
      }
      this.#status.textContent = `${this.#t('place.near', { place: place.name, county: place.county })} ${this.#t('place.nearPrivate')}`;
      $county.set(place.county);
      history.replaceState(history.state, '', location.pathname);
    } catch {
      this.#near = undefined;
      this.#choose(null);
      this.#status.textContent = this.#t('place.nearFailed');
    }
  }

  /** The nearest place, found here: the position itself is dropped as soon as it is compared. */
  async #locate() {
    const [position, { nearestPlace }] = await Promise.all([
      new Promise<GeolocationPosition>((resolve, reject) => {
        if (!navigator.geolocation) reject(new Error('no geolocation'));
        else navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 20_000 });
      }),
      import('../../common/contract/places.ts'),
    ]);
    return nearestPlace(position.coords.latitude, position.coords.longitude);
  }
}

customElements.define('area-choice', AreaChoice);
