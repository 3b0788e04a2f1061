import { isCommand } from './command-names.js';
import { composeViews, ViewBuilder, type NormalisedView } from './text-view.js';

/**
 * A script a script writes (`printf '#!/bin/sh\\n%s -fsS %s | %s\\n' curl "$u" sh > "$job"`, a here-document with
 * `\\$(curl …)`), read as the file it writes: printf's arguments in its format, escaped line breaks before a command
 * and escaped `$` plain. Undefined when nothing changes.
 */
export function normaliseWrittenScripts(text: string): NormalisedView | undefined {
  let view: NormalisedView | undefined;
  for (const step of [printfFormats, escapedLineBreaks, escapedDollars]) {
    const next = step(view?.text ?? text);
    if (next) view = view ? composeViews(view, next) : next;
  }
  return view;
}

/** Each match replaced by what `by` gives for it (nothing when undefined), as an escape the written file does not have. */
function replaceEach(text: string, re: RegExp, by: (m: RegExpExecArray) => string | undefined): NormalisedView | undefined {
  const builder = new ViewBuilder(text);
  let any = false;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const replacement = by(m);
    if (replacement === undefined) continue;
    builder.replace(m.index, m[0].length, replacement, 'shell-escape');
    any = true;
    if (builder.full) break;
  }
  return any ? builder.build() : undefined;
}

/** `printf 'fmt' arg …` with its arguments on one line: the format's `%s` filled in order. */
const PRINTF =
  /\bprintf[ \t]{1,4}(?:--[ \t]{1,4})?(['"])((?:(?!\1)[^\n]){1,400})\1((?:[ \t]{1,4}(?:"[^"\n]{0,200}"|'[^'\n]{0,200}'|[^\s;&|<>'"()]{1,200})){1,10})/g;

/**
 * `printf '(%s -fsS %s | %s) &' curl "$src" sh > "$shim"`: a command a script writes with printf, its program names given
 * as arguments, read as the line written. Only where an argument names a program the rules look for.
 */
function printfFormats(text: string): NormalisedView | undefined {
  if (!text.includes('printf')) return undefined;
  const builder = new ViewBuilder(text);
  let any = false;
  PRINTF.lastIndex = 0;
  for (let m = PRINTF.exec(text); m; m = PRINTF.exec(text)) {
    const format = m[2]!;
    if (!format.includes('%s')) continue;
    const args = [...m[3]!.matchAll(/"([^"\n]{0,200})"|'([^'\n]{0,200})'|([^\s'"]{1,200})/g)].map((a) => a[1] ?? a[2] ?? a[3]!);
    if (!args.some((a) => isCommand(a))) continue;
    let next = 0;
    const filled = format.replace(/%s/g, () => args[next++] ?? '');
    const at = m.index + m[0].length - m[2]!.length - m[3]!.length - 2;
    builder.replace(at, m.index + m[0].length - at, `${m[1]}${filled}${m[1]}`, 'shell-quoting');
    any = true;
    if (builder.full) break;
  }
  return any ? builder.build() : undefined;
}

/** `printf '#!/bin/sh\ncurl … | sh\n'`: an escaped line break before a command ends the line before it, as it will in the file written. */
const ESCAPED_BREAK = /\\n(?=([a-z][\w-]{0,16})\b)/gi;

function escapedLineBreaks(text: string): NormalisedView | undefined {
  // `; ` is as long as `\n`, and keeps every line number.
  return text.includes('\\n') ? replaceEach(text, ESCAPED_BREAK, (m) => (isCommand(m[1]!) ? '; ' : undefined)) : undefined;
}

/**
 * `cat > "$job" <<EOF … c=\$(curl …) && sh -c "\$c" … EOF`: a script a script writes escapes its own expansions; the file
 * written, and what it runs, has them plain.
 */
const ESCAPED_DOLLAR = /\\\$(?=[({A-Za-z_])/g;

function escapedDollars(text: string): NormalisedView | undefined {
  return text.includes('\\$') ? replaceEach(text, ESCAPED_DOLLAR, () => '$') : undefined;
}
