/** The script of the /sos page (src/pages/[...lang]/sos.astro), kept here: a .ts file in src/pages would be a route. */
import { messageFn, type MessageKey } from '../../common/i18n/messages.ts';
import { ApiError, call } from '../api.ts';
import { failureNotice, firstBlank, type Notice } from '../../common/forms/kit.ts';
import { SOS_FORM } from '../../common/forms/sos.ts';
import { showToast } from '../toast.ts';

const SOS = SOS_FORM;

/**
 * The SOS request form: only the details are required. The request goes to the admins and is
 * never listed. Cleared after a success, kept as typed when sending fails. A small custom
 * element, no React, so this page stays light on a slow phone; without scripts the form still
 * posts and the server answers a page that says what happened.
 */
class SosForm extends HTMLElement {
  connectedCallback() {
    const t = messageFn(JSON.parse(this.dataset.messages ?? '{}'));
    const form = this.querySelector('form')!;
    const button = form.querySelector('button')!;
    const toast = (notice: Notice, variant: 'success' | 'destructive', cause?: ApiError['cause']) =>
      showToast({ title: t(notice.title), description: notice.text && t(notice.text as MessageKey), variant, cause });
    form.addEventListener('input', (event) => (event.target as HTMLElement).removeAttribute('aria-invalid'));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const values = Object.fromEntries(SOS.fields.map(({ name }) => [name, (form.elements.namedItem(name) as HTMLInputElement).value]));
      const blank = firstBlank(SOS, values);
      if (blank) {
        const input = form.elements.namedItem(blank.name) as HTMLElement;
        input.setAttribute('aria-invalid', 'true');
        input.focus();
        toast(blank.required!, 'destructive');
        return;
      }
      button.disabled = true;
      button.textContent = t(SOS.pending);
      try {
        const { city, details, contact } = values;
        await call('POST /api/sos', { city, details, contact });
        form.reset();
        toast(SOS.success, 'success');
      } catch (error) {
        const failure = error instanceof ApiError ? error : new ApiError(0, String(error));
        toast(failureNotice(SOS, failure), 'destructive', failure.cause);
      } finally {
        button.disabled = false;
        button.textContent = t(SOS.submit);
      }
    });
    this.toggleAttribute('data-ready', true);
  }
}

customElements.define('sos-form', SosForm);
