import { oncePerText } from '../rules/once-per-text.js';

/** Letters of Turkish and Azerbaijani beyond the dotless ı: ğ, ş, İ, ə. */
const TURKISH_LETTERS = /[\u011e\u011f\u015e\u015f\u0130\u018f\u0259]/;

/**
 * Turkish or Azerbaijani: their letters beyond the dotless ı, or the dotless ı in several words (`kullanıcının tarayıcı
 * çerezlerini`, or two beside ç, ö or ü); a keyword disguised with it is one or two words of English. There the ı is a
 * letter of the language, not a look-alike (the rules still read it as `i`). Once per text.
 */
export const writtenInTurkish = oncePerText((text: string): boolean => {
  if (TURKISH_LETTERS.test(text)) return true;
  const words = new Set<string>();
  for (const m of text.matchAll(/\p{L}{0,40}\u0131\p{L}{0,40}/gu)) if (words.add(m[0].toLowerCase()).size >= 3) return true;
  // Two such words beside the language's other letters (`Tarayıcı çerezlerini … sayfasına`): an English order in
  // disguise has no ç, ö or ü.
  return words.size >= 2 && /[\u00e7\u00f6\u00fc\u00c7\u00d6\u00dc]/.test(text);
});

/** The dotless ı or the dotted İ: a look-alike of `i` in English, a letter in Turkish. */
export const isTurkishI = (from: string): boolean => from === '\u0131' || from === '\u0130';
