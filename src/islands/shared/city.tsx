import { useEffect, useState } from 'react';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';

type Places = typeof import('../../common/contract/places.ts');

/**
 * The place data, loaded the first time a city field is focused or typed in: no page pays for it
 * before someone types a place, and what is typed is matched here, never sent.
 */
let loading: Promise<Places> | undefined;
const loadPlaces = () => (loading ??= import('../../common/contract/places.ts'));

/** Places offered at once: a phone screen's worth under the field. */
const SHOWN = 6;

interface Props {
  /** The city field's id: its list is `${id}-places`, its ZIP line `${id}-zip` (the form kit names both on the field). */
  id: string;
  typed: string;
  t: (key: MessageKey, vars?: Vars) => string;
}

/**
 * What a city field suggests: California places as the person types, and which place a ZIP code
 * is. The browser's own list (a datalist) draws the suggestions, so the keyboard, screen readers
 * and right to left work as in every field of the phone. Any other text stays as typed, since a
 * place no list knows is still a place. The field itself is the form kit's, drawn and working
 * before this code comes, so nothing typed meanwhile can be lost.
 */
export default function PlaceSuggestions({ id, typed, t }: Props) {
  const [places, setPlaces] = useState<Places | null>(null);
  useEffect(() => {
    const field = document.getElementById(id);
    const load = () => void loadPlaces().then(setPlaces);
    if (typed || (field && field === document.activeElement)) load();
    field?.addEventListener('focus', load, { once: true });
    field?.addEventListener('input', load, { once: true });
    return () => {
      field?.removeEventListener('focus', load);
      field?.removeEventListener('input', load);
    };
  }, [id]);
  const text = typed.trim();
  const zip = places && /^\d{5}$/.test(text) ? places.placeOf(text) : null;

  return (
    <>
      <datalist id={`${id}-places`}>
        {places?.suggest(text, SHOWN).map((place) => (
          <option key={place.name} value={place.name} label={t('place.county', { county: place.county })} />
        ))}
      </datalist>
      <span className="hint place-hint" id={`${id}-zip`} aria-live="polite">
        {zip && t('place.zip', { zip: text, place: zip.name, county: zip.county })}
      </span>
    </>
  );
}
