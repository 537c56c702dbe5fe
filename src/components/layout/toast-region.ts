import { $toast, dismissToast, type Toast } from '../../client/toast.ts';

/** Draws the one current toast of the store; any island or script pushes with showToast(). */
class ToastRegion extends HTMLElement {
  #live = this.querySelector<HTMLElement>('.toast-live')!;

  connectedCallback() {
    $toast.subscribe((toast) => this.#render(toast));
  }

  /**
   * The region is a popover, so it can sit in the top layer: shown again with each toast, it
   * draws above an open dialog instead of behind it.
   */
  #raise() {
    try {
      if (this.matches(':popover-open')) this.hidePopover();
      this.showPopover();
    } catch {
      // A browser without popovers draws it in the page as before.
    }
  }

  #render(toast: Toast | null) {
    this.#live.replaceChildren();
    this.#raise();
    if (!toast) return;
    this.#live.setAttribute('aria-live', toast.variant === 'destructive' ? 'assertive' : 'polite');
    const box = document.createElement('div');
    box.className = 'toast';
    box.dataset.variant = toast.variant;
    const title = document.createElement('p');
    title.className = 'toast-title';
    title.textContent = toast.title;
    box.append(title);
    // A failure while offline, or one the server could not help (busy, full), is not the
    // person's: say so, and that nothing typed is lost.
    const { cause } = toast;
    const text = cause === 'offline' ? this.dataset.offlineText : cause === 'busy' || cause === 'storage_full' ? this.dataset.serverBusyText : toast.description;
    if (text) {
      const description = document.createElement('p');
      description.className = 'toast-description';
      description.textContent = text;
      box.append(description);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast-close';
    close.setAttribute('aria-label', this.dataset.closeLabel ?? 'Close');
    close.textContent = '×';
    close.addEventListener('click', () => dismissToast(toast.id));
    box.append(close);
    this.#live.append(box);
  }
}

customElements.define('toast-region', ToastRegion);
