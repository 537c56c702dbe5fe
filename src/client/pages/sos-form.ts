/** The script of the /sos page (src/pages/[...lang]/sos.astro), kept here: a .ts file in src/pages would be a route. */
import { messageFn } from '../../common/i18n/messages.ts';
import { SOS_FORM } from '../../common/forms/sos.ts';
import { call } from '../api.ts';
import { formElement } from '../form-element.ts';

/**
 * The SOS request form: only the details are required. The request goes to the admins and is
 * never listed. Cleared after a success, kept as typed when sending fails. A small custom
 * element, no React, so this page stays light on a slow phone; without scripts the form still
 * posts and the server answers a page that says what happened.
 */
class SosForm extends HTMLElement {
  connectedCallback() {
    formElement(this.querySelector('form')!, {
      spec: SOS_FORM,
      t: messageFn(JSON.parse(this.dataset.messages ?? '{}')),
      send: ({ city, details, contact }) => call('POST /api/sos', { city: String(city), details: String(details), contact: String(contact) }),
    });
    this.toggleAttribute('data-ready', true);
  }
}

customElements.define('sos-form', SosForm);
