import { isCommand } from './command-names.js';
import { replaceEach, throughSteps, type NormalisedView } from './text-view.js';

/**
 * A script a script writes (`printf '#!/bin/sh\\n%s -fsS %s | %s\\n' curl "$u" sh > "$job"`, a here-document with
 * `\\$(curl …)`), read as the file it writes: printf's arguments in its format, escaped line breaks before a command
 * and escaped `$` plain. Undefined when nothing changes.
 */
export function normaliseWrittenScripts(text: string): NormalisedView | undefined {
  return throughSteps(text, [printfFormats, escapedLineBreaks, escapedDollars]);
}

/** `printf 'fmt' arg …` with its arguments on one line, matched from the format's quote: its `%s` filled in order. */
const PRINTF =
  /(?<=\bprintf[ \t]{1,4}(?:--[ \t]{1,4})?)(['"])((?:(?!\1)[^\n]){1,400})\1((?:[ \t]{1,4}(?:"[^"\n]{0,200}"|'[^'\n]{0,200}'|[^\s;&|<>'"()]{1,200})){1,10})/g;

/**
 * `printf '(%s -fsS %s | %s) &' curl "$src" sh > "$shim"`: a command a script writes with printf, its program names given
 * as arguments, read as the line written. Only where an argument names a program the rules look for.
 */
function printfFormats(text: string): NormalisedView | undefined {
  if (!text.includes('printf')) return undefined;
  return replaceEach(
    text,
    PRINTF,
    (m) => {
      const format = m[2]!;
      const args = [...m[3]!.matchAll(/"([^"\n]{0,200})"|'([^'\n]{0,200})'|([^\s'"]{1,200})/g)].map((a) => a[1] ?? a[2] ?? a[3]!);
      if (!format.includes('%s') || !args.some((a) => isCommand(a))) return undefined;
      // printf reuses its format until the arguments run out (`printf '%s\n' '#!/bin/sh' 'curl … | sh'` writes two lines).
      let next = 0;
      let filled = '';
      for (let round = 0; round === 0 || (next < args.length && round < args.length); round++)
        filled += format.replace(/%s/g, () => args[next++] ?? '');
      return `${m[1]}${filled}${m[1]}`;
    },
    'shell-quoting',
  );
}

/** `printf '#!/bin/sh\ncurl … | sh\n'`: an escaped line break before a command ends the line before it, as it will in the file written. */
const ESCAPED_BREAK = /\\n(?=([a-z][\w-]{0,16})\b)/gi;

function escapedLineBreaks(text: string): NormalisedView | undefined {
  // `; ` is as long as `\n`, and keeps every line number.
  return text.includes('\\n') ? replaceEach(text, ESCAPED_BREAK, (m) => (isCommand(m[1]!) ? '; ' : undefined), 'shell-escape') : undefined;
}

/**
 * `cat > "$job" <<EOF … c=\$(curl …) && sh -c "\$c" … EOF`: a script a script writes escapes its own expansions; the file
 * written, and what it runs, has them plain.
 */
const ESCAPED_DOLLAR = /\\\$(?=[({A-Za-z_])/g;

function escapedDollars(text: string): NormalisedView | undefined {
  return text.includes('\\$') ? replaceEach(text, ESCAPED_DOLLAR, () => '$', 'shell-escape') : undefined;
}
