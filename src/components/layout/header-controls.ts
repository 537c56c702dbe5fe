import { localizePath, isLang } from '../../common/i18n/languages.ts';

/** The language dropdown: opens on click or arrow keys, closes on Escape, Tab or a click outside. */
class LanguageMenu extends HTMLElement {
  #trigger = this.querySelector('button')!;
  #list = this.querySelector('ul')!;
  #items = [...this.querySelectorAll<HTMLAnchorElement>('a[data-lang]')];

  connectedCallback() {
    this.#trigger.addEventListener('click', () => this.#toggle(this.#list.hidden));
    this.#trigger.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        this.#toggle(true);
        this.#focusItem(event.key === 'ArrowDown' ? 0 : this.#items.length - 1);
      }
    });
    this.#list.addEventListener('keydown', (event) => {
      const index = this.#items.indexOf(document.activeElement as HTMLAnchorElement);
      const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: this.#items.length - 1 };
      if (event.key in moves) {
        event.preventDefault();
        this.#focusItem(moves[event.key]!);
      }
    });
    this.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !this.#list.hidden) {
        this.#toggle(false);
        this.#trigger.focus();
      }
    });
    this.addEventListener('focusout', (event) => {
      if (!this.contains(event.relatedTarget as Node | null)) this.#toggle(false);
    });
    document.addEventListener('click', (event) => {
      if (!this.contains(event.target as Node)) this.#toggle(false);
    });
    for (const item of this.#items) {
      item.addEventListener('click', () => {
        const lang = item.dataset.lang;
        if (!isLang(lang)) return;
        // The current address, also on a 404 page whose prebuilt links cannot know it.
        item.href = localizePath(location.pathname, lang) + location.search + location.hash;
        try {
          localStorage.setItem('language', lang);
        } catch {
          // Storage can be off in private browsing; the link still switches the page.
        }
      });
    }
  }

  #toggle(open: boolean) {
    this.#list.hidden = !open;
    this.#trigger.setAttribute('aria-expanded', String(open));
  }

  #focusItem(index: number) {
    const count = this.#items.length;
    this.#items[((index % count) + count) % count]!.focus();
  }
}

/** The mobile menu button: shows and hides the navigation on small screens. */
class MobileMenuToggle extends HTMLElement {
  #button = this.querySelector('button')!;
  #label = this.#button.querySelector('.sr-only')!;
  #nav = document.getElementById(this.#button.getAttribute('aria-controls')!)!;

  connectedCallback() {
    this.#button.addEventListener('click', () => this.#set(this.#button.getAttribute('aria-expanded') !== 'true'));
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.#button.getAttribute('aria-expanded') === 'true') {
        this.#set(false);
        this.#button.focus();
      }
    });
  }

  #set(open: boolean) {
    this.#button.setAttribute('aria-expanded', String(open));
    this.#nav.toggleAttribute('data-open', open);
    this.#label.textContent = this.#button.dataset[open ? 'closeLabel' : 'openLabel'] ?? '';
  }
}

/**
 * The header's Request Help button. React, the form and this language's texts load only when it
 * is first pressed, so pages that never need the form never pay for it.
 */
class RequestHelp extends HTMLElement {
  connectedCallback() {
    this.querySelector('button')?.addEventListener('click', async (event) => {
      const button = event.currentTarget as HTMLButtonElement;
      button.setAttribute('aria-busy', 'true');
      try {
        const lang = document.documentElement.dataset.lang;
        const [{ openRequestHelp }, { default: messages }] = await Promise.all([
          import('../../islands/help/RequestHelpDialog.tsx'),
          import(`../../common/i18n/${isLang(lang) ? lang : 'en'}.json`),
        ]);
        openRequestHelp(messages);
      } finally {
        button.removeAttribute('aria-busy');
      }
    });
  }
}

customElements.define('language-menu', LanguageMenu);
customElements.define('request-help', RequestHelp);
customElements.define('mobile-menu-toggle', MobileMenuToggle);
