import { describe, expect, it } from 'vitest';
import { NOTE_FORM } from '../common/forms/person.ts';
import { SOS_FORM } from '../common/forms/sos.ts';
import { ApiError } from './api.ts';
import { submit, type Values } from './forms.ts';

describe('the one submit loop', () => {
  it('sends nothing while a required field is blank, and names the blank ones in the form order', async () => {
    let sends = 0;
    const result = await submit(SOS_FORM, { city: 'Fresno', details: '   ', contact: '' }, async () => sends++);
    expect(sends).toBe(0);
    expect(result).toEqual({ outcome: 'blank', fields: [SOS_FORM.fields[1]] });
  });

  it('answers what the server answered, pending only while it sends', async () => {
    const heard: boolean[] = [];
    const result = await submit(
      SOS_FORM,
      { city: '', details: 'Help', contact: '' },
      async (values: Values) => ({ received: values.details }),
      (sending) => heard.push(sending),
    );
    expect(result).toEqual({ outcome: 'sent', answer: { received: 'Help' } });
    expect(heard).toEqual([true, false]);
  });

  it('turns a refusal into the fields it names, in the form order, and the notice for its cause', async () => {
    const refusal = new ApiError(400, '400: bad', { code: 'invalid_input', fields: { contact: 'too long', text: 'required' } });
    const result = await submit(NOTE_FORM, { authorName: 'Ana', text: 'Seen', status: 'information_sought', authorMadeContact: false, lastKnownLocation: '', contact: 'x' }, () =>
      Promise.reject(refusal),
    );
    expect(result).toMatchObject({ outcome: 'refused', error: refusal, fields: ['text', 'contact'], notice: NOTE_FORM.failure });
  });

  it('ends a send that throws anything else as a refusal too, with no field marked', async () => {
    const result = await submit(SOS_FORM, { city: '', details: 'Help', contact: '' }, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(result).toMatchObject({ outcome: 'refused', fields: [] });
    expect(result.outcome === 'refused' && result.error).toBeInstanceOf(ApiError);
  });
});
