import { aNumberDigits } from '../../common/contract/detention.ts';
import { LOCATOR_URL, locatorNames, splitName } from '../../common/detained/locator.ts';
import type { MessageKey } from '../../common/i18n/messages.ts';
import './locator-card.css';

/**
 * The names to try in ICE's detainee locator, made here from a name (nothing is sent anywhere):
 * a record's on My posts, or one typed on /detained; with the country of birth as the locator (in English) names it, and a link that
 * opens the locator in a tab of its own.
 */
export function LocatorCard({ name, country: code, aNumber, t }: { name: string; country: string | null; aNumber: string | null; t: (key: MessageKey) => string }) {
  const { lastNames, firstNames } = locatorNames(splitName(name));
  const country = code && new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
  // As typed, before it is saved ("A 087-654-321"): its digits, once they are an A-number.
  const digits = aNumber && aNumberDigits(aNumber);
  /** A list of names to try under its title, when there are any. */
  const names = (title: MessageKey, list: string[]) =>
    list.length > 0 && (
      <>
        <p>
          <strong>{t(title)}</strong>
        </p>
        <ul className="locator-names" dir="ltr">
          {list.map((each) => (
            <li key={each}>
              <bdi>{each}</bdi>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <div className="locator-card">
      <h4>{t('locator.title')}</h4>
      <p className="hint">{t('locator.lead')}</p>
      {names('locator.lastNames', lastNames)}
      {names('locator.firstNames', firstNames)}
      {country && (
        <p>
          {t('locator.country')} <bdi dir="ltr">{country}</bdi>
        </p>
      )}
      {digits && (
        <p>
          {t('locator.aNumber')} <bdi dir="ltr">A{digits.padStart(9, '0')}</bdi>
        </p>
      )}
      <OpenLocator t={t} />
      <p className="hint">{t('locator.later')}</p>
    </div>
  );
}

/** The button that opens ICE's locator in a tab of its own (it is sent nothing). */
export const OpenLocator = ({ t }: { t: (key: MessageKey) => string }) => (
  <a className="button" href={LOCATOR_URL} target="_blank" rel="noopener noreferrer">
    {t('locator.open')}
  </a>
);
