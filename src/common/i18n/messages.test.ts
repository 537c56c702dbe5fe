import { describe, expect, it } from 'vitest';
import { pickMessages, translator } from './index.ts';
import { messageFn } from './messages.ts';

describe('counts take the plural form of the page language (Intl.PluralRules)', () => {
  it('English: one and other', () => {
    const t = translator('en');
    expect(t.count('alertsLive.hero', 1)).toBe('Live Alert System - 1 person monitoring');
    expect(t.count('alertsLive.hero', 47)).toBe('Live Alert System - 47 people monitoring');
    expect(t.count('alerts.confirmations', 0)).toBe('0 people see it too');
    expect(t.count('heroes.points', 1240)).toBe('1,240 points');
    expect(t.count('heroes.levelRule', 1, { amount: '$10' })).toBe('$10 or 1 action');
  });

  it('Arabic: zero, one, two, few, many and other each have their own form', () => {
    const t = translator('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((n) => t.count('drops.volunteers', n));
    expect(forms).toEqual(['لم يسجّل أي متطوع بعد', 'سجّل متطوع واحد', 'سجّل متطوعان', 'سجّل 3 متطوعين', 'سجّل 11 متطوعًا', 'سجّل 100 متطوع']);
    // 309 ends in 09: "few", like 9.
    expect(t.count('donations.needed', 309, { amount: '$50' })).toBe('309 تبرعات بقيمة $50 تكفي لبلوغ الهدف');
    expect(t.count('heroes.points', 410)).toBe('410 نقاط');
    expect(t.count('heroes.points', 615)).toBe('615 نقطةً');
  });

  it('Spanish: one, many (millions take "de") and other', () => {
    const t = translator('es');
    expect(t.count('alerts.confirmations', 1)).toBe('1 persona también lo ve');
    expect(t.count('alerts.confirmations', 2)).toBe('2 personas también lo ven');
    expect(t.count('alerts.confirmations', 1_000_000)).toBe('1,000,000 de personas también lo ven');
  });

  it('Chinese and Korean have one form; an island gets the forms of its page language', () => {
    expect(translator('zh').count('alerts.confirmations', 1)).toBe('1 人也看到了');
    const picked = pickMessages('ar', ['alerts.confirmations']);
    expect(Object.keys(picked).sort()).toEqual(['zero', 'one', 'two', 'few', 'many', 'other'].map((form) => `alerts.confirmations#${form}`).sort());
    expect(messageFn(picked, 'ar').count('alerts.confirmations', 2)).toBe('يراه أيضًا شخصان');
    expect(Object.keys(pickMessages('ko', ['alerts.confirmations']))).toEqual(['alerts.confirmations#other']);
  });

  it('a value shown instead of the number (still loading) takes the general form', () => {
    expect(translator('en').count('alertsLive.hero', Number.NaN, { count: '…' })).toBe('Live Alert System - … people monitoring');
  });
});
