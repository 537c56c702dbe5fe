/** The script of the /share page (src/pages/[...lang]/share.astro), kept here: a .ts file in src/pages would be a route. */
import { showToast } from '../toast.ts';

/**
 * The share page: builds the message (invitation + site address), keeps the WhatsApp and email
 * links up to date, opens the SMS app, copies to the clipboard and, where the device has one,
 * opens the system share sheet. Nothing typed here leaves the phone except into those apps.
 */
class SharePanel extends HTMLElement {
  #address = '';
  #text = '';

  connectedCallback() {
    const data = this.dataset;
    this.#address = data.siteUrl || location.origin + (data.homePath ?? '');
    this.#text = `${data.message} ${this.#address}`;
    this.#el('[data-share-text]').textContent = this.#text;
    this.#el<HTMLAnchorElement>('[data-share-whatsapp]').href = `https://wa.me/?text=${encodeURIComponent(this.#text)}`;

    const email = this.#el<HTMLInputElement>('#share-email');
    email.addEventListener('input', () => this.#updateMail(email.value));
    this.#updateMail(email.value);

    const sms = this.#el<HTMLFormElement>('[data-share-sms]');
    const phone = this.#el<HTMLInputElement>('#share-phone');
    sms.addEventListener('submit', (event) => {
      event.preventDefault();
      const number = phone.value.replace(/[^\d+]/g, '');
      if (!number) {
        phone.setAttribute('aria-invalid', 'true');
        phone.focus();
        showToast({ title: data.phoneRequired!, variant: 'destructive' });
        return;
      }
      phone.removeAttribute('aria-invalid');
      location.href = `sms:${number}?&body=${encodeURIComponent(this.#text)}`;
    });
    phone.addEventListener('input', () => phone.removeAttribute('aria-invalid'));

    this.#el('[data-share-copy]').addEventListener('click', () => void this.#copy());

    // The share sheet only where the device has one (most phones; not most desktops).
    const device = this.#el<HTMLButtonElement>('[data-share-device]');
    const shareData: ShareData = { title: data.title, text: data.message, url: this.#address };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(shareData) ?? true)) {
      device.hidden = false;
      device.addEventListener('click', async () => {
        try {
          await navigator.share(shareData);
        } catch (error) {
          // Closing the sheet is no failure; anything else falls back to copying.
          if ((error as DOMException)?.name !== 'AbortError') await this.#copy();
        }
      });
    }
  }

  #el<T extends HTMLElement = HTMLElement>(selector: string): T {
    return this.querySelector<T>(selector)!;
  }

  #updateMail(address: string) {
    const to = encodeURIComponent(address.trim()).replace(/%40/g, '@');
    const query = `subject=${encodeURIComponent(this.dataset.subject!)}&body=${encodeURIComponent(this.#text)}`;
    this.#el<HTMLAnchorElement>('[data-share-email]').href = `mailto:${to}?${query}`;
  }

  async #copy() {
    let copied = false;
    try {
      await navigator.clipboard.writeText(this.#text);
      copied = true;
    } catch {
      // No clipboard API (an http address) or no permission: the old way, through a selection.
      const area = document.createElement('textarea');
      area.value = this.#text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.append(area);
      area.select();
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
      area.remove();
    }
    if (copied) showToast({ title: this.dataset.copied!, variant: 'success' });
    else showToast({ title: this.dataset.copyFailed!, variant: 'destructive' });
  }
}

customElements.define('share-panel', SharePanel);
