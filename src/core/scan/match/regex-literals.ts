/** A regular expression literal (`[/xmrig|stratum\+tcp/, "miner"]`, `re = /curl[^|]*\|\s*sh/i`): opened after an operator or a bracket. */
const REGEX_LITERAL = /(?:^|[(,=:[!&|?{;]\s{0,4})\/(?![/*])((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.){0,200}\]){1,400})\/[dgimsuvy]{0,8}/g;

/** Whether `[start, end)` of a line lies inside a regular expression literal. */
export function inRegexLiteral(line: string, start: number, end: number): boolean {
  if (!line.includes('/')) return false;
  REGEX_LITERAL.lastIndex = 0;
  for (let m = REGEX_LITERAL.exec(line); m; m = REGEX_LITERAL.exec(line)) {
    const from = m.index + m[0].indexOf('/') + 1;
    if (from <= start && end <= from + m[1]!.length) return true;
    if (from > end) return false;
  }
  return false;
}
