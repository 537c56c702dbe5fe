import { describe, expect, it } from 'vitest';
import { translate } from '../common/i18n/index.ts';
import { LANGUAGES } from '../common/i18n/languages.ts';
import { counselorLanguage, crisisLine } from './crisis-lines.ts';

const hrefs = (id: Parameters<typeof crisisLine>[0], lang: Parameters<typeof crisisLine>[1]) => crisisLine(id, lang).actions.map((action) => action.href);

describe('crisisLine', () => {
  it('English: HOME to 741741, 988 as it is, no language notes', () => {
    expect(hrefs('textLine', 'en')).toEqual(['sms:741741?&body=HOME']);
    expect(hrefs('lifeline', 'en')).toEqual(['tel:988', 'sms:988']);
    expect(hrefs('domestic', 'en')).toEqual(['tel:18007997233']);
    for (const id of ['lifeline', 'textLine', 'domestic'] as const) expect(crisisLine(id, 'en').notes).toEqual([]);
  });

  it('Spanish: AYUDA to 741741 and to 988 reaches Spanish-speaking counselors; press 2 on a call', () => {
    expect(hrefs('textLine', 'es')).toEqual(['sms:741741?&body=AYUDA']);
    expect(hrefs('lifeline', 'es')).toEqual(['tel:988', 'sms:988?&body=AYUDA']);
    expect(crisisLine('lifeline', 'es').notes).toEqual(['crisis.lifelineSpanish']);
    expect(translate('es', 'crisis.lifelineSpanish', crisisLine('lifeline', 'es').vars)).toBe('Al llamar, marca 2 para español, o envía AYUDA al 988 para escribir en español.');
    expect(crisisLine('textLine', 'es').notes).toEqual(['crisis.inSpanish']);
  });

  it('every other language: an interpreter on a call, and told that texts are English or Spanish only', () => {
    for (const lang of LANGUAGES.filter((code) => code !== 'en' && code !== 'es')) {
      expect(counselorLanguage(lang)).toBe('interpreter');
      expect(hrefs('textLine', lang), lang).toEqual(['sms:741741?&body=HOME']);
      expect(crisisLine('lifeline', lang).notes).toEqual(['crisis.interpreter', 'crisis.textEnglishSpanish']);
      expect(crisisLine('textLine', lang).notes).toEqual(['crisis.textEnglishSpanish']);
      expect(crisisLine('domestic', lang).notes).toEqual(['crisis.interpreter']);
    }
    expect(translate('ko', 'crisis.interpreter')).toContain('한국어 통역');
    expect(translate('en', 'crisis.textEnglishSpanish')).toBe('Text messages are answered in English or Spanish only.');
  });
});
