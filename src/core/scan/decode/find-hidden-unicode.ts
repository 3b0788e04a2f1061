import { MAX_MATCHES_PER_FILE } from '../match/match-units.js';
/**
 * S008: invisible characters, found over every character of a text file (not per segment:
 * hidden text can sit anywhere). Unicode Tag characters are decoded to show the message.
 */
export interface HiddenUnicodeHit {
  start: number;
  end: number;
  /** What it is and, for Tag runs and variation-selector runs, what it says. */
  detail: string;
  /** Soft hyphens, grapheme joiners and fillers are MEDIUM alone: they hide a word from a search, not a message. */
  filler?: boolean;
}

const CANDIDATE =
  /[\u200B-\u200D\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069\uFE00-\uFE0F\u00AD\u034F\u115F\u1160\u3164\uFFA0\u180E\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF]|\uD834[\uDD73-\uDD7A]/;
const CANDIDATE_G = new RegExp(CANDIDATE.source, 'g');

export function hasHiddenUnicodeCandidate(text: string): boolean {
  return CANDIDATE.test(text);
}

type Kind = 'tag' | 'zero-width' | 'bidi' | 'variation' | 'filler';

/** Characters drawn as nothing or as a blank that are not zero-width spaces: soft hyphen, grapheme joiner, Hangul fillers, invisible operators. */
const FILLERS = new Set([
  0x00ad, 0x034f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x180e, 0x2061, 0x2062, 0x2063, 0x2064, 0xfff9, 0xfffa, 0xfffb, 0x1d173, 0x1d174, 0x1d175,
  0x1d176, 0x1d177, 0x1d178, 0x1d179, 0x1d17a,
]);

function kindOf(cp: number): Kind | undefined {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (FILLERS.has(cp)) return 'filler';
  if ((cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff) return 'zero-width';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation';
  return undefined;
}

/** Letters of right-to-left scripts: Hebrew, Arabic (with its supplements and presentation forms), Syriac, Thaana, N'Ko. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

function isLatinLetter(cp: number | undefined): boolean {
  return cp !== undefined && ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a));
}

function isAsciiOrNothing(cp: number | undefined): boolean {
  return cp === undefined || cp < 0x80;
}

function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Every run of invisible characters that hides something. */
export function findHiddenUnicode(text: string, limit = MAX_MATCHES_PER_FILE): HiddenUnicodeHit[] {
  const hits: HiddenUnicodeHit[] = [];
  CANDIDATE_G.lastIndex = 0;
  // Past the limit a flood only costs time: the finding cap already says more lines match.
  for (let m = CANDIDATE_G.exec(text); m && hits.length < limit; m = CANDIDATE_G.exec(text)) {
    const start = m.index;
    const first = text.codePointAt(start)!;
    const kind = kindOf(first)!;
    // The run: consecutive characters of the same kind.
    const cps: number[] = [];
    let end = start;
    while (end < text.length) {
      const cp = text.codePointAt(end)!;
      if (kindOf(cp) !== kind) break;
      cps.push(cp);
      end += cp > 0xffff ? 2 : 1;
    }
    CANDIDATE_G.lastIndex = end;
    const before = start > 0 ? text.codePointAt(start - (start >= 2 && /[\uDC00-\uDFFF]/.test(text[start - 1]!) ? 2 : 1)) : undefined;
    const after = end < text.length ? text.codePointAt(end) : undefined;
    // Isolates around a placeholder in Arabic or Hebrew text (`⁨{filename}⁩`) are how RTL strings are localised.
    if (kind === 'bidi' && cps.every((cp) => cp >= 0x2066) && RTL_LETTER.test(text.slice(Math.max(0, start - 32), end + 32))) continue;
    const detail = describe(kind, cps, start, before, after);
    // One zero-width character carries no message: inside a word (`ig` `nore`) it hides the word from a search; at a
    // word's edge (after `api`, before a backtick) it is a look, like a filler. A run can encode a message.
    const filler = kind === 'filler' || (kind === 'zero-width' && cps.length === 1 && !(isLatinLetter(before) && isLatinLetter(after)));
    if (detail) hits.push({ start, end, detail, ...(filler ? { filler: true } : {}) });
  }
  return hits;
}

function describe(kind: Kind, cps: number[], start: number, before: number | undefined, after: number | undefined): string | undefined {
  if (kind === 'tag') {
    // An emoji tag sequence: the black flag, an ISO 3166-2 subdivision (`gbsct`), CANCEL TAG — Scotland's flag, not hidden text.
    if (before === 0x1f3f4 && cps.at(-1) === 0xe007f) {
      const code = cps
        .slice(0, -1)
        .map((cp) => String.fromCharCode(cp - 0xe0000))
        .join('');
      if (/^[a-z]{2}[a-z0-9]{1,4}$/.test(code)) return undefined;
    }
    const message = cps
      .filter((cp) => cp >= 0xe0020 && cp <= 0xe007e)
      .map((cp) => String.fromCharCode(cp - 0xe0000))
      .join('');
    return message ? `${cps.length} Unicode Tag characters hide the text "${message}"` : `${cps.length} Unicode Tag characters`;
  }
  if (kind === 'variation') {
    // One selector after an emoji or ideograph is ordinary; runs of them encode bytes.
    if (cps.length < 3) return undefined;
    const bytes = cps.map((cp) => (cp <= 0xfe0f ? cp - 0xfe00 : cp - 0xe0100 + 16));
    const decoded = bytes
      .filter((b) => b >= 32 && b < 127)
      .map((b) => String.fromCharCode(b))
      .join('');
    return `${cps.length} variation selectors in a row encode hidden bytes${decoded.length >= 3 ? ` ("${decoded}")` : ''}`;
  }
  if (kind === 'bidi') return `bidirectional control ${cps.map(hex).join(' ')} reorders how the text is displayed`;
  if (kind === 'filler') {
    // Hangul fillers belong in Korean text; the others hide only where they touch a Latin letter.
    const hangul = (cp: number | undefined) =>
      cp !== undefined && ((cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f) || (cp >= 0xac00 && cp <= 0xd7af));
    if (hangul(before) || hangul(after)) return undefined;
    if (
      !isLatinLetter(before) &&
      !isLatinLetter(after) &&
      !cps.some((cp) => cp === 0x3164 || cp === 0x115f || cp === 0x1160 || cp === 0xffa0)
    )
      return undefined;
    return `${cps.length} invisible character${cps.length > 1 ? 's' : ''} (${[...new Set(cps)].map(hex).join(' ')}) inside the text`;
  }
  if (cps.length === 1) {
    const cp = cps[0]!;
    if (cp === 0xfeff && start === 0) return undefined;
    // ZWJ/ZWNJ join emoji and shape Arabic, Persian or Indic script: only between ASCII is it hiding something.
    if ((cp === 0x200c || cp === 0x200d) && !(isAsciiOrNothing(before) && isAsciiOrNothing(after))) return undefined;
  }
  return `${cps.length} zero-width character${cps.length > 1 ? 's' : ''} (${[...new Set(cps)].map(hex).join(' ')})`;
}

const ESCAPED_TAG = String.raw`(?:\\U000[eE]00[0-7][0-9a-fA-F]|\\u\{[eE]00[0-7][0-9a-fA-F]\}|\\u[dD][bB]40\\u[dD][cC][0-7][0-9a-fA-F])`;
const ESCAPED_TAG_RUN = new RegExp(`${ESCAPED_TAG}+`, 'g');
const TAG_CODE = /\\U000[eE]00([0-7][0-9a-fA-F])|\\u\{[eE]00([0-7][0-9a-fA-F])\}|\\u[dD][bB]40\\u[dD][cC]([0-7][0-9a-fA-F])/g;

/** Tag characters written as escapes in code (`"\U000E0041"`), which the interpreter turns into hidden text. */
export function findEscapedTags(text: string): (HiddenUnicodeHit & { run: number })[] {
  // Every shape starts with `\U` or `\u`: a native search rules most texts out before the regex runs.
  if ((!text.includes('\\u') && !text.includes('\\U')) || !/\\U000[eE]00|\\u\{[eE]00|\\u[dD][bB]40/.test(text)) return [];
  const hits: (HiddenUnicodeHit & { run: number })[] = [];
  ESCAPED_TAG_RUN.lastIndex = 0;
  for (let m = ESCAPED_TAG_RUN.exec(text); m; m = ESCAPED_TAG_RUN.exec(text)) {
    // `[\U000E0000-\U000E007F]` in a sanitiser is a character range, not a payload.
    if (text[m.index - 1] === '[' || text[m.index - 1] === '-' || text[m.index + m[0].length] === '-') continue;
    // One code per escape: a surrogate pair (`\udb40\udc41`) is one character, read from its low half.
    const codes = [...m[0].matchAll(TAG_CODE)].map((c) => parseInt(c[1] ?? c[2] ?? c[3]!, 16));
    const message = codes
      .filter((c) => c >= 0x20 && c < 0x7f)
      .map((c) => String.fromCharCode(c))
      .join('');
    hits.push({
      start: m.index,
      end: m.index + m[0].length,
      run: codes.length,
      detail: `${codes.length} escaped Unicode Tag character${codes.length > 1 ? 's' : ''}${message ? ` spell${codes.length > 1 ? '' : 's'} "${message}"` : ''}`,
    });
  }
  return hits;
}
