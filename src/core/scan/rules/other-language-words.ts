import { foldsApartByCase, normaliseUnicode } from '../normalise/normalise-unicode.js';

/**
 * Text as the rules read it: look-alike letters in Cyrillic words become Latin (`отправь` is read as `oтпpaвь`), marks
 * are taken off (`ください` as `くたさい`, `gönder` as `gonder`). Words and patterns are written as people write them
 * and read here the way the text will be (the ASCII of a pattern is left as it is).
 */
export const read = (source: string): string => {
  const both = bothCases(source);
  return normaliseUnicode(both)?.text ?? both;
};

/**
 * A pattern whose lower-case letters fold apart from their capitals (`в`, read `B` when capital) taking either (`[вВ]`,
 * read `[вB]`): "В начале", "Не сообщай" at the start of a sentence. Inside a class both letters join it.
 */
function bothCases(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      out += ch + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    if (foldsApartByCase(ch)) out += inClass ? ch + ch.toUpperCase() : `[${ch}${ch.toUpperCase()}]`;
    else out += ch;
  }
  return out;
}
export const either = (words: readonly string[]): string => read(`(?:${words.join('|')})`);

/** Within one sentence (a Chinese or Japanese full stop ends it too; a `.` inside a name such as `.npmrc` does not). */
export const GAP = String.raw`(?:[^.!?\n\u3002\uff01\uff1f]|[.!?](?!\s)){0,80}?`;

/**
 * The sentence `text[index, end)` sits in, from its start (within `reach` characters) to `end`. A Chinese or Japanese full
 * stop ends a sentence, and so does `.` before a space (`.env` is a name).
 */
export function sentenceTo(text: string, index: number, end: number, reach = 160): string {
  const before = text.slice(Math.max(0, index - reach), index);
  const stops = [...before.matchAll(/[\n\u3002\uff01\uff1f]|[.!?](?=\s)/g)];
  return before.slice(stops.length ? stops[stops.length - 1]!.index + 1 : 0) + text.slice(index, end);
}
