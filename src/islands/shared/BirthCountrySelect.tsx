import { useState, type SelectHTMLAttributes } from 'react';
import { birthCountryNames } from '../../common/contract/detention.ts';
import { LOCALES, type Lang } from '../../common/i18n/languages.ts';

/** A country of birth to choose, named by the phone in the page's language, in that language's order; `none` first. */
export default function BirthCountrySelect({ lang, none, ...select }: { lang: Lang; none: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const [countries] = useState(() => birthCountryNames(LOCALES[lang]));
  return (
    <select {...select}>
      <option value="">{none}</option>
      {countries.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
