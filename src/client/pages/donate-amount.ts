/** The script of the home page, / (src/pages/[...lang]/index.astro), kept here: a .ts file in src/pages would be a route. */
import { donationLink } from '../donation.ts';

/**
 * The custom amount: its Donate link always carries the amount typed; a blank, zero or
 * fractional amount keeps the link from opening and says why.
 */
class DonateAmount extends HTMLElement {
  connectedCallback() {
    const input = this.querySelector('input')!;
    const link = this.querySelector('a')!;
    const hint = this.querySelector<HTMLElement>('.home-custom-hint')!;
    const valid = () => input.checkValidity() && Number(input.value) >= 1;
    input.addEventListener('input', () => {
      if (valid()) {
        link.href = donationLink(this.dataset.base!, Number(input.value));
        hint.hidden = true;
      }
      input.setAttribute('aria-invalid', String(!valid()));
    });
    link.addEventListener('click', (event) => {
      if (valid()) return;
      event.preventDefault();
      hint.hidden = false;
      input.focus();
    });
  }
}
customElements.define('donate-amount', DonateAmount);
