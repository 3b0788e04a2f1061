/**
 * Letters that look like ASCII letters, mapped to the ASCII letter (their UTS #39 skeleton
 * prototype in confusables.txt) — the Cyrillic, Greek, Armenian and Latin-extension
 * look-alikes an attacker swaps in to break a keyword ("Ignоre" with a Cyrillic о).
 * Fullwidth and mathematical Latin letters need no entry: NFKC folds them to ASCII first.
 */
const PAIRS: readonly (readonly [string, string])[] = [
  // Cyrillic
  ['а', 'a'],
  ['А', 'A'],
  ['В', 'B'],
  ['Ь', 'b'],
  ['с', 'c'],
  ['С', 'C'],
  ['ԁ', 'd'],
  ['е', 'e'],
  ['Е', 'E'],
  ['ҽ', 'e'],
  ['Ԍ', 'G'],
  ['һ', 'h'],
  ['Һ', 'H'],
  ['Н', 'H'],
  ['і', 'i'],
  ['І', 'I'],
  ['Ӏ', 'l'],
  ['ӏ', 'l'],
  ['ј', 'j'],
  ['Ј', 'J'],
  ['К', 'K'],
  ['М', 'M'],
  ['о', 'o'],
  ['О', 'O'],
  ['р', 'p'],
  ['Р', 'P'],
  ['ԛ', 'q'],
  ['Ԛ', 'Q'],
  ['ѕ', 's'],
  ['Ѕ', 'S'],
  ['Т', 'T'],
  ['у', 'y'],
  ['У', 'Y'],
  ['ү', 'y'],
  ['Ү', 'Y'],
  ['х', 'x'],
  ['Х', 'X'],
  ['ԝ', 'w'],
  ['Ԝ', 'W'],
  ['ѡ', 'w'],
  ['Ꙅ', 'S'],
  ['ꙅ', 's'],
  ['Ԁ', 'D'],
  ['Ԏ', 'T'],
  // Greek
  ['α', 'a'],
  ['Α', 'A'],
  ['Β', 'B'],
  ['ϲ', 'c'],
  ['Ϲ', 'C'],
  ['Ε', 'E'],
  ['Ζ', 'Z'],
  ['Η', 'H'],
  ['ι', 'i'],
  ['Ι', 'I'],
  ['ϳ', 'j'],
  ['Κ', 'K'],
  ['κ', 'k'],
  ['Μ', 'M'],
  ['Ν', 'N'],
  ['ν', 'v'],
  ['ο', 'o'],
  ['Ο', 'O'],
  ['σ', 'o'],
  ['ρ', 'p'],
  ['Ρ', 'P'],
  ['Τ', 'T'],
  ['υ', 'u'],
  ['Υ', 'Y'],
  ['χ', 'x'],
  ['Χ', 'X'],
  ['ϒ', 'Y'],
  ['Ϝ', 'F'],
  // Armenian
  ['օ', 'o'],
  ['Օ', 'O'],
  ['ս', 'u'],
  ['Ս', 'U'],
  ['հ', 'h'],
  ['ց', 'g'],
  ['զ', 'q'],
  ['ո', 'n'],
  // Latin extensions and IPA that skeleton to ASCII
  ['ı', 'i'],
  ['ȷ', 'j'],
  ['ɑ', 'a'],
  ['ɡ', 'g'],
  ['ɩ', 'i'],
  ['ɪ', 'i'],
  ['ʏ', 'y'],
  ['ʀ', 'R'],
  ['ᴀ', 'A'],
  ['ᴄ', 'c'],
  ['ᴏ', 'o'],
  ['ᴜ', 'u'],
  ['ᴠ', 'v'],
  ['ᴡ', 'w'],
  ['ᴢ', 'z'],
  ['ꜱ', 's'],
  ['ƅ', 'b'],
  ['ǀ', 'l'],
  ['ɾ', 'r'],
  ['ʋ', 'u'],
  // Cherokee capitals that are drawn as Latin capitals
  ['Ꭺ', 'A'],
  ['Ᏼ', 'B'],
  ['Ꮯ', 'C'],
  ['Ꭼ', 'E'],
  ['Ꮋ', 'H'],
  ['Ꭻ', 'J'],
  ['Ꮶ', 'K'],
  ['Ꮇ', 'M'],
  ['Ꮲ', 'P'],
  ['Ꮪ', 'S'],
  ['Ꭲ', 'T'],
  ['Ꮃ', 'W'],
  ['Ꮓ', 'Z'],
];

const TABLE = new Map<number, string>(PAIRS.map(([from, to]) => [from.codePointAt(0)!, to]));

/** The ASCII letter a code point is drawn like, if it is a known look-alike. */
export function confusableSkeleton(codePoint: number): string | undefined {
  return TABLE.get(codePoint);
}

/** Script of a look-alike, for messages ("Cyrillic о (U+043E)"). */
export function scriptName(codePoint: number): string {
  if (codePoint >= 0x0400 && codePoint <= 0x052f) return 'Cyrillic';
  if (codePoint >= 0xa640 && codePoint <= 0xa69f) return 'Cyrillic';
  if (codePoint >= 0x0370 && codePoint <= 0x03ff) return 'Greek';
  if (codePoint >= 0x0530 && codePoint <= 0x058f) return 'Armenian';
  if (codePoint >= 0x13a0 && codePoint <= 0x13ff) return 'Cherokee';
  if (codePoint >= 0xff00 && codePoint <= 0xffef) return 'fullwidth';
  if (codePoint >= 0x1d400 && codePoint <= 0x1d7ff) return 'mathematical';
  return 'look-alike';
}
