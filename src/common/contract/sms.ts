import type { Lang } from '../i18n/languages.ts';

/** What a text to the service's number can ask (POST /api/sms/inbound); anything else gets the menu. */
export const SMS_COMMANDS = ['stop', 'start', 'help', 'alerts', 'find', 'food', 'report', 'lang'] as const;
export type SmsCommand = (typeof SMS_COMMANDS)[number];

/** The words the carriers' rules make work in every language. */
const CARRIER_WORDS = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
  start: ['START', 'UNSTOP'],
  help: ['HELP', 'INFO'],
};

/**
 * The keywords of each command in each language, the one place they are named: a text starting
 * with one of them (any case, accents optional) is that command, answered in that language. The
 * first word of each list is the one replies tell people to send. Words follow each language's
 * glossary (a report is a community notice, never a complaint to the police).
 */
export const SMS_KEYWORDS: Record<Lang, Record<SmsCommand, readonly string[]>> = {
  en: { ...CARRIER_WORDS, alerts: ['ALERTS', 'ALERT'], find: ['FIND'], food: ['FOOD'], report: ['REPORT'], lang: ['LANG', 'LANGUAGE'] },
  es: {
    stop: ['PARAR', 'BAJA', 'ALTO'],
    start: ['ALTA', 'EMPEZAR'],
    help: ['AYUDA'],
    alerts: ['ALERTAS'],
    find: ['BUSCAR'],
    food: ['COMIDA'],
    report: ['AVISO', 'AVISAR'],
    lang: ['IDIOMA'],
  },
  zh: { stop: ['停止', '退订'], start: ['开始'], help: ['帮助'], alerts: ['警报'], find: ['寻人', '查找'], food: ['食物'], report: ['报告'], lang: ['语言'] },
  'zh-hant': { stop: ['停止', '退訂'], start: ['開始'], help: ['說明', '幫助'], alerts: ['警報'], find: ['尋人', '查找'], food: ['食物'], report: ['回報'], lang: ['語言'] },
  hi: { stop: ['बंद', 'रोकें'], start: ['शुरू'], help: ['मदद'], alerts: ['अलर्ट'], find: ['खोजें'], food: ['खाना'], report: ['रिपोर्ट'], lang: ['भाषा'] },
  pa: { stop: ['ਬੰਦ', 'ਰੋਕੋ'], start: ['ਸ਼ੁਰੂ'], help: ['ਮਦਦ'], alerts: ['ਅਲਰਟ'], find: ['ਲੱਭੋ'], food: ['ਖਾਣਾ'], report: ['ਰਿਪੋਰਟ'], lang: ['ਭਾਸ਼ਾ'] },
  ta: { stop: ['நிறுத்து'], start: ['தொடங்கு'], help: ['உதவி'], alerts: ['அலர்ட்', 'எச்சரிக்கை'], find: ['தேடு'], food: ['உணவு'], report: ['தகவல்'], lang: ['மொழி'] },
  ar: { stop: ['توقف', 'إلغاء', 'الغاء'], start: ['ابدأ', 'ابدا'], help: ['مساعدة'], alerts: ['تنبيهات'], find: ['ابحث'], food: ['طعام'], report: ['بلاغ'], lang: ['لغة'] },
  ko: { stop: ['중지', '수신거부'], start: ['시작'], help: ['도움말'], alerts: ['알림'], find: ['찾기'], food: ['음식'], report: ['제보'], lang: ['언어'] },
  vi: { stop: ['DỪNG', 'HỦY'], start: ['BẮT ĐẦU'], help: ['GIÚP'], alerts: ['CẢNH BÁO'], find: ['TÌM'], food: ['THỨC ĂN'], report: ['BÁO TIN'], lang: ['NGÔN NGỮ'] },
  tl: { stop: ['TIGIL', 'HINTO'], start: ['SIMULA'], help: ['TULONG'], alerts: ['ALERTO'], find: ['HANAP'], food: ['PAGKAIN'], report: ['ULAT'], lang: ['WIKA'] },
};

/** A reply is at most this many SMS segments (a longer one costs more and may arrive in pieces). */
export const SMS_MAX_SEGMENTS = 2;

// The GSM 03.38 default alphabet; each character of its extension table takes two septets.
const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

/**
 * How a text travels and how many segments it takes: GSM-7 when every character is in the GSM
 * alphabet (160 septets alone, 153 per segment when split), else UCS-2 (70 UTF-16 units alone, 67
 * per segment when split).
 */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number } {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENSION.has(char)) septets += 2;
    else return { encoding: 'UCS-2', units: text.length, segments: text.length <= 70 ? 1 : Math.ceil(text.length / 67) };
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/** Whether a reply fits in SMS_MAX_SEGMENTS. */
export const fitsSms = (text: string) => smsSegments(text).segments <= SMS_MAX_SEGMENTS;
