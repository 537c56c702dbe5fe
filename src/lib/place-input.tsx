import { useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import type { MessageKey, Vars } from '../i18n/messages.ts';

type Places = typeof import('../contract/places.ts');

/**
 * The place data, loaded the first time a place field is focused or typed in: no page pays for it
 * before someone types a place, and what is typed is matched here, never sent.
 */
let loading: Promise<Places> | undefined;
export const loadPlaces = () => (loading ??= import('../contract/places.ts'));

/** Suggestions shown at once: a phone screen's worth under the field. */
const SHOWN = 6;

interface Props {
  input: InputHTMLAttributes<HTMLInputElement> & { id: string };
  /** Puts a chosen place in the field. */
  choose: (name: string) => void;
  t: (key: MessageKey, vars?: Vars) => string;
}

/**
 * A city field that suggests California places as the person types, and says which place a ZIP
 * code is: the ARIA 1.2 combobox with a list (arrows move, Enter takes, Escape closes). Any other
 * text stays as typed, since a place no list knows is still a place.
 */
export function PlaceInput({ input, choose, t }: Props) {
  const [places, setPlaces] = useState<Places | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const load = () => {
    if (!places) void loadPlaces().then(setPlaces);
  };
  const typed = String(input.value ?? '');
  const exact = places?.placeOf(typed);
  const zip = /^\s*\d{5}\s*$/.test(typed) ? exact : null;
  const options = places && !zip ? places.suggest(typed, SHOWN).filter((place) => place.name !== typed) : [];
  const expanded = open && options.length > 0;
  const listId = `${input.id}-places`;
  const hintId = `${input.id}-zip`;
  const optionId = (index: number) => `${listId}-${index}`;

  const take = (name: string) => {
    choose(name);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself, between the last option and the first.
      setActive((index) => ((index + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      take(options[active].name);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  const described = [input['aria-describedby'], zip ? hintId : ''].filter(Boolean).join(' ');

  return (
    <div className="place-input">
      <input
        {...input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={described || undefined}
        autoComplete="off"
        onFocus={load}
        onChange={(event) => {
          load();
          setOpen(true);
          setActive(-1);
          input.onChange?.(event);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={t('place.suggestions')} hidden={!expanded}>
        {options.map((place, index) => (
          <li
            key={place.name}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Taken before the field loses focus, so the list is still there to take from.
            onMouseDown={(event) => {
              event.preventDefault();
              take(place.name);
            }}
          >
            <bdi>{place.name}</bdi> <span className="place-county">{t('place.county', { county: place.county })}</span>
          </li>
        ))}
      </ul>
      <span className="hint" id={hintId} aria-live="polite">
        {zip && t('place.zip', { zip: typed.trim(), place: zip.name, county: zip.county })}
      </span>
    </div>
  );
}
