import { useLayoutEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import type { MessageKey, Vars } from '../i18n/messages.ts';

type Places = typeof import('../contract/places.ts');

/**
 * The place data, loaded the first time a city field is focused or typed in: no page pays for it
 * before someone types a place, and what is typed is matched here, never sent.
 */
let loading: Promise<Places> | undefined;
const loadPlaces = () => (loading ??= import('../contract/places.ts'));

/** Places offered at once: a phone screen's worth under the field. */
const SHOWN = 6;

interface Props {
  input: InputHTMLAttributes<HTMLInputElement> & { id: string };
  t: (key: MessageKey, vars?: Vars) => string;
}

/**
 * A city field that suggests California places as the person types, and says which place a ZIP
 * code is. The browser's own list (a datalist) draws the suggestions, so the keyboard, screen
 * readers and right to left work as in every field of the phone. Any other text stays as typed,
 * since a place no list knows is still a place.
 */
export default function PlaceInput({ input, t }: Props) {
  const [places, setPlaces] = useState<Places | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // This field's code may arrive after its form woke up (which takes in what was typed before):
  // what was typed into the page's field in between is taken in too.
  useLayoutEffect(() => {
    const element = field.current;
    if (element?.value && element.value !== input.value) input.onChange?.({ target: element, currentTarget: element } as ChangeEvent<HTMLInputElement>);
  }, []);
  const load = () => {
    if (!places) void loadPlaces().then(setPlaces);
  };
  const typed = String(input.value ?? '').trim();
  const zip = places && /^\d{5}$/.test(typed) ? places.placeOf(typed) : null;
  const listId = `${input.id}-places`;
  const hintId = `${input.id}-zip`;

  return (
    <>
      <input {...input} ref={field} list={listId} autoComplete="off" aria-describedby={[input['aria-describedby'], hintId].join(' ').trim()} onFocus={load} onInput={load} />
      <datalist id={listId}>
        {places?.suggest(typed, SHOWN).map((place) => (
          <option key={place.name} value={place.name} label={t('place.county', { county: place.county })} />
        ))}
      </datalist>
      <span className="hint place-hint" id={hintId} aria-live="polite">
        {zip && t('place.zip', { zip: typed, place: zip.name, county: zip.county })}
      </span>
    </>
  );
}
