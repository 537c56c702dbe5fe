/**
 * The form kit's list fields (`choices`, `schedule`) as values: kept apart from ../forms.ts so
 * only the forms that have one load them (src/islands/shared/list-fields.tsx draws them).
 */
import type { FieldSpec, FormSpec } from './kit.ts';

/**
 * A list field's value in a form, one line per item, as a browser posts a name given several
 * times (functions/middleware/form-posts/index.ts readForm): a choice's values; a schedule's periods as `day opens
 * closes`, a time left blank as nothing.
 */
export const linesOf = (value: unknown) => (typeof value === 'string' && value ? value.split('\n') : []);

/** A schedule row as the form holds it. */
export interface PeriodRow {
  day: string;
  opens: string;
  closes: string;
}
export const periodRows = (value: unknown): PeriodRow[] =>
  linesOf(value).map((line) => {
    const [day = '', opens = '', closes = ''] = line.split(' ');
    return { day, opens, closes };
  });
export const periodLines = (rows: readonly PeriodRow[]) => rows.map((row) => `${row.day} ${row.opens} ${row.closes}`).join('\n');

/** A list field's value as the contract takes it: the choices, or the periods with a time (rows left empty are dropped). */
export function listValue(field: FieldSpec, value: unknown): unknown {
  if (field.kind === 'choices') return linesOf(value);
  // A time field cannot say 24:00: closing at 00:00 is closing at midnight, the end of the day.
  return periodRows(value)
    .filter((row) => row.opens || row.closes)
    .map((row) => ({ ...row, closes: row.closes === '00:00' ? '24:00' : row.closes }));
}

const isList = (field: FieldSpec) => field.kind === 'choices' || field.kind === 'schedule';

/** The form's values as the contract takes them: its lists as lists, a choice left at its prompt as none. */
export const withLists = (spec: FormSpec, values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const field = spec.fields.find((known) => known.name === name);
      return [name, field && isList(field) ? listValue(field, value) : field?.prompt && value === '' ? null : value];
    }),
  );

/** An item's lists as its form's list fields hold them, to edit it (an empty one: no row). */
export const listTexts = (spec: FormSpec, item: object) =>
  Object.fromEntries(
    spec.fields.filter(isList).map((field) => {
      const value = (item as Record<string, unknown>)[field.name];
      if (!Array.isArray(value)) return [field.name, ''];
      if (field.kind === 'choices') return [field.name, value.join('\n')];
      return [field.name, periodLines((value as PeriodRow[]).map((row) => ({ ...row, closes: row.closes === '24:00' ? '00:00' : row.closes })))];
    }),
  );
