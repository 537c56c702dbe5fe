/**
 * The form kit's list fields, drawn apart from src/islands/shared/use-form.tsx so only the forms that have
 * one (the directory's) load them: `choices`, a checkbox per option, and `schedule`, the weekly
 * hours as a row per period (day, opens, closes, Remove) with Add. Their inputs are named as the
 * server reads a form posted without a script (functions/middleware/form-posts/index.ts).
 */
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import type { FieldSpec } from '../../common/forms/kit.ts';
import { linesOf, periodLines, periodRows } from '../../common/forms/lists.ts';
import type { Values } from '../../client/forms.ts';

interface Props {
  field: FieldSpec;
  form: { values: Values; set: (name: string, value: string) => void; invalid: string[] };
  t: (key: MessageKey, vars?: Vars) => string;
  /** Each option's name in the page's language (a language, a weekday), when no dictionary key says it. */
  names?: (value: string) => string;
}

export function ListField({ field, form, t, names }: Props) {
  const { name, options = [], optionLabel } = field;
  const nameOf = names ?? ((value: string) => (optionLabel ? t(optionLabel(value)) : value));
  const invalid = form.invalid.includes(name) || undefined;
  if (field.kind === 'choices') {
    const chosen = linesOf(form.values[name]);
    const toggle = (option: string, on: boolean) => form.set(name, options.filter((known) => (known === option ? on : chosen.includes(known))).join('\n'));
    return (
      <fieldset className="field wide choices" aria-invalid={invalid}>
        <legend>{t(field.label)}</legend>
        {options.map((option) => (
          <label key={option} className="choice-option">
            <input type="checkbox" name={name} value={option} checked={chosen.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />
            {nameOf(option)}
          </label>
        ))}
      </fieldset>
    );
  }
  const rows = periodRows(form.values[name]);
  const change = (next: typeof rows) => form.set(name, periodLines(next));
  const edit = (index: number, part: 'day' | 'opens' | 'closes') => (event: { target: { value: string } }) =>
    change(rows.with(index, { ...rows[index]!, [part]: event.target.value }));
  return (
    <fieldset className="field wide schedule" aria-invalid={invalid}>
      <legend>{t(field.label)}</legend>
      {rows.map((row, index) => (
        <div key={index} className="schedule-row">
          <select name={`${name}.day`} aria-label={t('hours.day')} value={row.day} onChange={edit(index, 'day')}>
            {options.map((day) => (
              <option key={day} value={day}>
                {nameOf(day)}
              </option>
            ))}
          </select>
          <input type="time" name={`${name}.opens`} aria-label={t('hours.opens')} value={row.opens} onChange={edit(index, 'opens')} />
          <input type="time" name={`${name}.closes`} aria-label={t('hours.closes')} value={row.closes} onChange={edit(index, 'closes')} />
          <button type="button" className="button small secondary" onClick={() => change(rows.filter((_, other) => other !== index))}>
            {t('hours.remove')}
          </button>
        </div>
      ))}
      <button type="button" className="button small secondary" onClick={() => change([...rows, { day: rows.at(-1)?.day ?? options[0]!, opens: '', closes: '' }])}>
        {t('hours.add')}
      </button>
      <span className="hint">{t('hours.hint')}</span>
    </fieldset>
  );
}
