import { foldsApartByCase, normaliseUnicode } from '../normalise/normalise-unicode.js';

/** How rule data writes a keyword, and the folded literal the keyword automaton looks for (keyword-automaton.ts). */

/** Whitespace characters beyond ASCII that a scan reads as a separator. */
export const WIDE_SPACES = [
  0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f,
  0x3000, 0xfeff,
];

/** ASCII characters read as a separator: whitespace and the Markdown marks `*`, `_`, `~`, `>` (emphasis and quotes split no word). */
const FOLD = Uint8Array.from({ length: 128 }, (_, c) =>
  c === 32 || (c >= 9 && c <= 13) || c === 42 || c === 95 || c === 126 || c === 62 ? 1 : 0,
);

export function isFoldCode(code: number): boolean {
  return code < 128 ? FOLD[code] === 1 : WIDE_SPACES.includes(code);
}

/** A character beyond ASCII: a keyword in another script. */
export const NOT_ASCII = /[^\x00-\x7f]/;

/** Marks a keyword end that must sit at a word boundary (written `^word` / `word$` in rule data). */
export const WORD_BOUNDARY = '\u0001';

/**
 * A keyword as rule data writes it (`^nc$`: `nc` as a word; `curl`: anywhere) → the folded literal the
 * automaton looks for: lower case, separator runs as one space, boundary marks kept. A keyword in
 * another script (`用户`, `пользовател`) is read the way the scanned text is (normalise-unicode.ts:
 * Cyrillic look-alikes become Latin, marks come off), so it meets the text as the rules see it.
 */
export function foldKeyword(keyword: string): string {
  const start = keyword.startsWith('^');
  const end = keyword.length > 1 && keyword.endsWith('$');
  let body = keyword.slice(start ? 1 : 0, end ? -1 : undefined);
  if (NOT_ASCII.test(body)) {
    // `\w` and word boundaries are ASCII: beside a letter of another script they would always hold.
    if (start || end) throw new Error(`keyword ${JSON.stringify(keyword)}: a word boundary needs an ASCII keyword`);
    body = body.toLowerCase();
    // A first letter whose capital reads as a Latin look-alike (`к`, `Каждый` read `Kaждыи`) is left off: the keyword
    // still occurs in every match, capitalised or not.
    while (body.length > 2 && foldsApartByCase(body[0]!)) body = body.slice(1);
    body = normaliseUnicode(body)?.text ?? body;
    if (/[\ud800-\udfff]/.test(body)) throw new Error(`keyword ${JSON.stringify(keyword)} is outside the Basic Multilingual Plane`);
  }
  let out = '';
  let space = false;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (isFoldCode(c)) {
      if (!space) out += ' ';
      space = true;
      continue;
    }
    space = false;
    out += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : body[i];
  }
  if (start && out.includes(' '))
    throw new Error(`keyword ${JSON.stringify(keyword)}: a word start (^) needs a keyword without separators`);
  if (out.replace(/ /g, '').length < 2) throw new Error(`keyword ${JSON.stringify(keyword)} holds fewer than two characters to look for`);
  return `${start ? WORD_BOUNDARY : ''}${out}${end ? WORD_BOUNDARY : ''}`;
}

export function literalText(literal: string): string {
  return literal.replace(/\u0001/g, '');
}
