import { describe, expect, it } from 'vitest';
import { SOS_FORM } from '../forms/sos.ts';
import { dictionaries } from './index.ts';
import { LANGUAGES } from './languages.ts';

/**
 * Wordings that promise what an SOS request does not do: that help is coming, or that emergency
 * services, the police or the authorities were told. The request reaches the community's
 * volunteer moderators only; someone who reads "help is on the way" may wait instead of calling 911.
 * One list per language (a new language fails until it has one); matched anywhere, any case.
 */
const FALSE_PROMISES: Record<string, string[]> = {
  en: ['on the way', 'on its way', 'help is coming', 'notified', 'alerted', 'authorities', 'police', 'emergency resources', 'dispatched'],
  es: ['en camino', 'ya viene', 'va para allá', 'se avisó', 'avisamos', 'notific', 'autoridades', 'policía', 'recursos de emergencia'],
  zh: ['在路上', '马上就到', '即将到达', '正在赶来', '已通知', '通知了', '当局', '警方', '警察', '紧急救助资源'],
  'zh-hant': ['在路上', '馬上就到', '即將到達', '正在趕來', '已通知', '通知了', '當局', '警方', '警察', '緊急救助資源'],
  hi: ['आ रही है', 'रास्ते में', 'पहुँच रही', 'ख़बर कर दी', 'सूचित', 'पुलिस', 'अधिकारियों को', 'प्रशासन'],
  pa: ['ਆ ਰਹੀ ਹੈ', 'ਰਾਹ ਵਿੱਚ', 'ਪਹੁੰਚ ਰਹੀ', 'ਖ਼ਬਰ ਕਰ ਦਿੱਤੀ', 'ਸੂਚਿਤ', 'ਪੁਲਿਸ', 'ਅਧਿਕਾਰੀਆਂ ਨੂੰ', 'ਪ੍ਰਸ਼ਾਸਨ'],
  ta: ['வந்துகொண்டிருக்கிறது', 'வருகிறது', 'தெரிவிக்கப்பட்டுள்ளது', 'அறிவிக்கப்பட்டுள்ளது', 'காவல்', 'அதிகாரிகளுக்கு'],
  ar: ['في الطريق', 'قادمة', 'تم إبلاغ', 'أُبلغت', 'أبلغنا', 'أخطرنا', 'الشرطة', 'السلطات', 'جهات المساعدة'],
  ko: ['가고 있어요', '가는 중', '오고 있어요', '알렸어요', '통보', '경찰', '당국', '기관에 알'],
  vi: ['đang trên đường', 'đang đến', 'sẽ đến ngay', 'đã được thông báo', 'đã thông báo', 'cảnh sát', 'chính quyền', 'nhà chức trách'],
  tl: ['papunta na', 'parating na', 'darating na', 'naabisuhan', 'inabisuhan', 'pulis', 'awtoridad', 'kinauukulan'],
};

/** What each language said before: each list must catch it, or the list proves nothing. */
const FORMER: Record<string, string> = {
  en: 'Emergency resources have been notified. Help is on the way.',
  es: 'Ya se avisó a los servicios de emergencia. La ayuda va en camino.',
  zh: '已通知紧急救助资源。帮助正在路上。',
  hi: 'इमरजेंसी में मदद करने वालों को ख़बर कर दी गई है। मदद आ रही है।',
  pa: 'ਐਮਰਜੈਂਸੀ ਵਿੱਚ ਮਦਦ ਕਰਨ ਵਾਲਿਆਂ ਨੂੰ ਖ਼ਬਰ ਕਰ ਦਿੱਤੀ ਗਈ ਹੈ। ਮਦਦ ਆ ਰਹੀ ਹੈ।',
  ta: 'அவசர உதவி வழங்குவோருக்குத் தெரிவிக்கப்பட்டுள்ளது. உதவி வந்துகொண்டிருக்கிறது.',
  ar: 'تم إبلاغ جهات المساعدة في الطوارئ. المساعدة في الطريق إليك.',
  ko: '긴급 지원 기관에 알렸어요. 도움이 가고 있어요.',
};

const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase();
const promisesIn = (lang: string, text: string) => FALSE_PROMISES[lang]!.filter((phrase) => fold(text).includes(fold(phrase)));
const sosSuccess = [SOS_FORM.success.title, SOS_FORM.success.text!];

describe('the SOS confirmation', () => {
  it('says in English what is true: volunteers, not emergency services, answer when they can; call 911', () => {
    expect(dictionaries.en[SOS_FORM.success.text!]).toBe(
      "Your request reached our community's volunteer moderators, not emergency services. They answer when they can. If you are in danger now, call 911.",
    );
  });

  it.each(LANGUAGES)('promises in %s neither help on the way nor that anyone official was told, and names 911', (lang) => {
    expect(FALSE_PROMISES[lang], `a list of false promises in ${lang}`).toBeDefined();
    for (const key of sosSuccess) expect(promisesIn(lang, dictionaries[lang][key]!), key).toEqual([]);
    expect(dictionaries[lang][SOS_FORM.success.text!]).toContain('911');
  });

  it.each(Object.keys(FORMER))('the %s list catches the former promise', (lang) => {
    expect(promisesIn(lang, FORMER[lang]!)).not.toEqual([]);
  });
});

describe('ICE', () => {
  /** "ICE (…)" with Latin or full-width parentheses: the acronym explained where a page first shows it. */
  const explanation = (text: string) => /ICE\s?[(（][^)）]+[)）]/.exec(text)?.[0];

  it('is explained the same way on the ICE board and on the home card, in every language', () => {
    expect(explanation(dictionaries.en['ice.lead']!)).toBe('ICE (U.S. Immigration and Customs Enforcement)');
    for (const lang of LANGUAGES) {
      const lead = explanation(dictionaries[lang]['ice.lead']!);
      expect(lead, lang).toBeDefined();
      expect(explanation(dictionaries[lang]['home.alertIceText']!), lang).toBe(lead);
    }
  });

  it('names the board as reports of ICE activity, the same in the menu, on its page and on the home card', () => {
    expect(dictionaries.en['nav.iceReports']).toBe('ICE activity reports');
    for (const lang of LANGUAGES) {
      const name = dictionaries[lang]['nav.iceReports'];
      expect([dictionaries[lang]['ice.title'], dictionaries[lang]['home.alertIce']], lang).toEqual([name, name]);
    }
  });
});

it('presents 2-1-1 as what it is: referrals, not a legal service', () => {
  expect(dictionaries.en['emergency.legalAidText']).toContain('2-1-1 is not a legal service');
  expect(dictionaries.en['sos.hotlineText']).toContain('referrals to legal aid');
  expect(Object.values(dictionaries.en).join('\n')).not.toMatch(/Legal Services: 211/);
});
