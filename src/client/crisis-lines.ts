import type { Lang } from '../common/i18n/languages.ts';
import type { MessageKey } from '../common/i18n/messages.ts';

/**
 * What the national crisis lines really offer a speaker of each language, so that no page
 * promises a counselor in a language the line does not have (the lines' own pages, 2026):
 * - 988 Suicide & Crisis Lifeline: calls in English, in Spanish after pressing 2, and in 240+
 *   languages through an interpreter; texts in English, or in Spanish starting with AYUDA.
 * - Crisis Text Line (741741): HOME reaches English-speaking counselors, AYUDA Spanish-speaking ones.
 * - National Domestic Violence Hotline: advocates speak English and Spanish; interpreters on calls.
 * Every other language, including one added later, gets the interpreter on a call and is told that
 * texts are answered in English or Spanish only.
 */
export type CounselorLanguage = 'en' | 'es' | 'interpreter';

export const counselorLanguage = (lang: Lang): CounselorLanguage => (lang === 'en' || lang === 'es' ? lang : 'interpreter');

export type CrisisLineId = 'lifeline' | 'textLine' | 'domestic';

/** A call or a text message, as people dial it; `word` is the keyword a text starts with. */
export interface CrisisAction {
  kind: 'call' | 'text';
  href: string;
  number: string;
  word?: string;
}

export interface CrisisLine {
  actions: CrisisAction[];
  /** How a speaker of the page's language reaches a counselor they understand (none in English). */
  notes: MessageKey[];
  /** The notes' `{word}`: the keyword of the line's text link, if it has one. */
  vars: { word: string };
}

/**
 * A text message link with its first words filled in. `?&body=` is the form both iOS (which reads
 * `&body=`) and Android (which reads `?body=`) open with the words typed.
 */
const smsHref = (number: string, word?: string) => (word ? `sms:${number}?&body=${encodeURIComponent(word)}` : `sms:${number}`);

const call = (number: string): CrisisAction => ({ kind: 'call', href: `tel:${number.replace(/\D/g, '')}`, number });
const text = (number: string, word?: string): CrisisAction => ({ kind: 'text', href: smsHref(number, word), number, ...(word ? { word } : {}) });

/** The keyword that reaches counselors writing in a language: 988 and 741741 take AYUDA for Spanish. */
const WORD: Record<CounselorLanguage, { lifeline?: string; textLine: string }> = {
  en: { textLine: 'HOME' },
  es: { lifeline: 'AYUDA', textLine: 'AYUDA' },
  interpreter: { textLine: 'HOME' },
};

const ACTIONS: Record<CrisisLineId, (language: CounselorLanguage) => CrisisAction[]> = {
  lifeline: (language) => [call('988'), text('988', WORD[language].lifeline)],
  textLine: (language) => [text('741741', WORD[language].textLine)],
  domestic: () => [call('1-800-799-7233')],
};

/** Shown with `{word}`, the keyword of the line's text link. */
const NOTES: Record<CrisisLineId, Record<CounselorLanguage, MessageKey[]>> = {
  lifeline: { en: [], es: ['crisis.lifelineSpanish'], interpreter: ['crisis.interpreter', 'crisis.textEnglishSpanish'] },
  textLine: { en: [], es: ['crisis.inSpanish'], interpreter: ['crisis.textEnglishSpanish'] },
  domestic: { en: [], es: ['crisis.inSpanish'], interpreter: ['crisis.interpreter'] },
};

/** A crisis line as a speaker of `lang` reaches it: the links (with the right keyword) and the notes to show. */
export function crisisLine(id: CrisisLineId, lang: Lang): CrisisLine {
  const language = counselorLanguage(lang);
  const actions = ACTIONS[id](language);
  return { actions, notes: NOTES[id][language], vars: { word: actions.find((action) => action.word)?.word ?? '' } };
}
