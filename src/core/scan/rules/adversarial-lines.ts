import type { Detector, ScanRule } from './scan-rule.js';

/** The line length the regex-safety bar is measured at (docs/benchmarks.md: 100 KB). */
export const ADVERSARIAL_LINE_LENGTH = 100_000;

function fill(unit: string, size: number): string {
  return unit.length === 0 ? '' : unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** Words that wake the detector (its keywords, without the word-boundary marks): where it runs at all. */
function anchorWords(detector: Detector): string[] {
  return [...new Set(detector.keywords.map((k) => k.replace(/^\^|\$$/g, '')))];
}

/**
 * Lines built to make a pattern backtrack: its anchor words repeated (each start position
 * begins a partial match), anchor words followed by long runs of what its bounded classes
 * accept, and separators its alternations look for (pipes, substitutions, quotes, URLs).
 */
export function adversarialLinesFor(pattern: Detector, size = ADVERSARIAL_LINE_LENGTH): string[] {
  const words = anchorWords(pattern);
  const keywords = words.slice(0, 6);
  const all = words.slice(0, 16).join(' ');
  const lines: string[] = [];
  for (const k of keywords) {
    lines.push(fill(`${k} `, size), `${k} ${fill('a', size)}`, `${k} ${fill('- ', size)}`);
  }
  for (const sep of [' | ', ' $( ', ' `', ' -x ', '\\x41', ' https://a.example/', ' "', ' <( ', ' && ', ': ', ' = ', '@'])
    lines.push(fill(`${all}${sep}`, size));
  lines.push(fill(' ', size), fill('a', size), fill('\\', size), fill('.', size), fill('/', size), fill('<!--', size), fill('A1', size));
  return lines;
}

/** Near-misses from a rule's own examples: each repeated to the full length with its last character cut. */
export function adversarialLinesFromExamples(rule: ScanRule, size = ADVERSARIAL_LINE_LENGTH): string[] {
  return [...rule.examples.match, ...rule.examples.noMatch].map((e) => {
    const text = (typeof e === 'string' ? e : e.text).replace(/\s+$/, '');
    return fill(`${text.slice(0, -1)} `, size);
  });
}

/** Worst time (ms) of one pattern over a set of lines, running it as the engine does. */
export function timePattern(re: RegExp, lines: readonly string[], now: () => number): { ms: number; line: number } {
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  let worst = { ms: 0, line: -1 };
  lines.forEach((line, i) => {
    const started = now();
    global.lastIndex = 0;
    for (let n = 0, m = global.exec(line); m && n < 64; m = global.exec(line), n++) {
      if (m[0].length === 0) global.lastIndex++;
    }
    const ms = now() - started;
    if (ms > worst.ms) worst = { ms, line: i };
  });
  return worst;
}
