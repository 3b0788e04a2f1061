import { confusableSkeleton } from './confusables.js';
import { ViewBuilder, type ChangeKind, type NormalisedView } from './text-view.js';

/**
 * Default-ignorable code points (Unicode's Default_Ignorable_Code_Point): drawn as nothing, so
 * they can sit inside a word a rule looks for ("Ig\u00ADnore"). Hangul fillers are drawn as a
 * blank the width of a letter, so they read as a space instead.
 */
export function ignorable(cp: number): boolean {
  return (
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x061c ||
    (cp >= 0x17b4 && cp <= 0x17b5) ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    (cp >= 0xfff0 && cp <= 0xfff8) ||
    (cp >= 0x1bca0 && cp <= 0x1bca3) ||
    (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

export const HANGUL_FILLER: ReadonlySet<number> = new Set([0x115f, 0x1160, 0x3164, 0xffa0]);
const COMBINING_MARK = /\p{Mn}/gu;
const LINE_BREAK = /[\r\n]/;

interface Folded {
  to: string;
  kind: ChangeKind;
}

/**
 * What the rules read for one non-ASCII code point: nothing (invisible), a space (Hangul
 * filler), its compatibility form without combining marks (NFKC folding: fullwidth and
 * mathematical letters become ASCII), then its look-alike skeleton. Undefined: unchanged.
 */
function fold(cp: number): Folded | undefined {
  if (HANGUL_FILLER.has(cp)) return { to: ' ', kind: 'invisible' };
  if (ignorable(cp)) return { to: '', kind: 'invisible' };
  const ch = String.fromCodePoint(cp);
  const compat = ch.normalize('NFKD').replace(COMBINING_MARK, '').normalize('NFC');
  let skeleton = '';
  let lookAlike = false;
  for (const c of compat) {
    const s = confusableSkeleton(c.codePointAt(0)!);
    if (s !== undefined) lookAlike = true;
    skeleton += s ?? c;
  }
  if (skeleton === ch || LINE_BREAK.test(skeleton)) return undefined;
  return { to: skeleton, kind: lookAlike || drawnAsAsciiLetter(cp) ? 'look-alike' : 'compatibility' };
}

/** Fullwidth, mathematical, letterlike, circled and squared letters: drawn as the ASCII letter, in another code point. */
function drawnAsAsciiLetter(cp: number): boolean {
  return (
    (cp >= 0xff01 && cp <= 0xff5e) ||
    (cp >= 0x1d400 && cp <= 0x1d7ff) ||
    (cp >= 0x2100 && cp <= 0x214f) ||
    (cp >= 0x24b6 && cp <= 0x24e9) ||
    (cp >= 0x1f130 && cp <= 0x1f189)
  );
}

const cache = new Map<number, Folded | null>();
const MAX_CACHE = 4096;

function cachedFold(cp: number): Folded | undefined {
  let hit = cache.get(cp);
  if (hit === undefined) {
    hit = fold(cp) ?? null;
    if (cache.size < MAX_CACHE) cache.set(cp, hit);
  }
  return hit ?? undefined;
}

const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * The text as the rules read it: invisible characters removed, compatibility forms folded
 * (NFKC: fullwidth, mathematical and ligature letters become ASCII, combining marks dropped)
 * and look-alike letters replaced by the ASCII letter they imitate (UTS #39 skeletons).
 * Undefined when nothing changes; ASCII stretches are skipped by one native search.
 */
export function normaliseUnicode(text: string): NormalisedView | undefined {
  let builder: ViewBuilder | undefined;
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(text); m; m = NON_ASCII.exec(text)) {
    const i = m.index;
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const folded = cachedFold(cp);
    if (folded) {
      builder ??= new ViewBuilder(text);
      builder.replace(i, width, folded.to, folded.kind);
      if (builder.full) break;
    }
    NON_ASCII.lastIndex = i + width;
  }
  return builder?.build();
}

let caseSplit: ReadonlySet<string> | undefined;

/**
 * Lower-case Cyrillic and Greek letters whose capital reads as a Latin look-alike and they do not (`В` is read as `B`,
 * `в` stays): a word the rules look for in lower case misses its capitalised form unless they allow both.
 */
export function foldsApartByCase(letter: string): boolean {
  if (!caseSplit) {
    const letters = new Set<string>();
    const fold = (ch: string) => normaliseUnicode(ch)?.text ?? ch;
    for (const [from, to] of [
      [0x3b1, 0x3c9],
      [0x430, 0x45f],
    ] as const)
      for (let cp = from; cp <= to; cp++) {
        const lower = String.fromCharCode(cp);
        if (fold(lower).toLowerCase() !== fold(lower.toUpperCase()).toLowerCase()) letters.add(lower);
      }
    caseSplit = letters;
  }
  return caseSplit.has(letter);
}
