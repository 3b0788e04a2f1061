import { confusableSkeleton, scriptName } from '../normalise/confusables.js';
import { oncePerText } from '../rules/once-per-text.js';

/** Words of a script with a letter that draws like no Latin one (`пользователь`, `λόγος`): the text is written in it. */
const WORDS_OF_ITS_OWN = 3;

/** The scripts a text is written in (Cyrillic, Greek, Armenian), by words that could not pass for English. Once per text. */
const scriptsWrittenIn = oncePerText((text: string): ReadonlySet<string> => {
  const counts = new Map<string, number>();
  const scripts = new Set<string>();
  for (const m of text.matchAll(/[\u0370-\u058f]\p{L}{0,40}/gu)) {
    const own = [...m[0]].find((ch) => /[\u0370-\u058f]/.test(ch) && !confusableSkeleton(ch.codePointAt(0)!));
    if (!own) continue;
    const script = scriptName(own.codePointAt(0)!);
    const n = (counts.get(script) ?? 0) + 1;
    counts.set(script, n);
    if (n >= WORDS_OF_ITS_OWN) scripts.add(script);
  }
  return scripts;
});

/**
 * A look-alike in a word of its own script, in a text written in that script (`все` in Russian prose): how the
 * language is spelled, not a disguise. The rules still read it as its Latin look-alike; an English word spelled in
 * Cyrillic inside English text (`ехес`), or a Cyrillic letter among Latin ones (`Ignоre`), stays a disguise.
 */
export function nativeLetter(text: string, at: number, length: number, from: string): boolean {
  const cp = from.codePointAt(0)!;
  if (!(cp >= 0x0370 && cp <= 0x058f)) return false;
  const [start, end] = wordAround(text, at, length);
  if (/[A-Za-z]/.test(text.slice(start, end))) return false;
  return scriptsWrittenIn(text).has(scriptName(cp));
}

/** The word (a run of letters of any script) around `text[at, at + length)`, as [start, end). */
export function wordAround(text: string, at: number, length: number): [number, number] {
  let start = at;
  while (start > 0 && /\p{L}/u.test(text[start - 1]!)) start--;
  let end = at + length;
  while (end < text.length && /\p{L}/u.test(text[end]!)) end++;
  return [start, end];
}
