import { normaliseUnicode } from '../normalise/normalise-unicode.js';

/**
 * Text as the rules read it: look-alike letters in Cyrillic words become Latin (`отправь` is read as `oтпpaвь`), marks
 * are taken off (`ください` as `くたさい`, `gönder` as `gonder`). Words and patterns are written as people write them
 * and read here the way the text will be (the ASCII of a pattern is left as it is).
 */
export const read = (source: string): string => normaliseUnicode(source)?.text ?? source;
export const either = (words: readonly string[]): string => read(`(?:${words.join('|')})`);

/** Within one sentence (a Chinese or Japanese full stop ends it too; a `.` inside a name such as `.npmrc` does not). */
export const GAP = String.raw`(?:[^.!?\n\u3002\uff01\uff1f]|[.!?](?!\s)){0,80}?`;
