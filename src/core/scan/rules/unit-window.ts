import type { MatchContext } from './scan-rule.js';

/**
 * The text of the unit around a match, `before` characters back and `after` on: the text a detector runs on is often one
 * line of its unit (found in it by position), and a guard or a source a few lines away belongs to the same step.
 */
export function unitWindow(c: MatchContext, index: number, before: number, after: number): string {
  const { text, at } = inUnit(c, index);
  return text.slice(Math.max(0, at - before), at + after);
}

/** The unit's text and where in it a match on the detector's text sits (the detector's text itself when it is not found there). */
export function inUnit(c: MatchContext, index: number): { text: string; at: number } {
  const line = c.unitText.indexOf(c.text);
  return line < 0 ? { text: c.text, at: index } : { text: c.unitText, at: line + index };
}

/** The opening line of a here-document only printed (`cat <<TIP` with nothing after the tag: no pipe, no redirect). */
const PRINTED_HEREDOC = /^[ \t]{0,12}cat[ \t]{1,4}<<-?[ \t]{0,2}["']?(\w{1,30})["']?[ \t]*$/gm;

/** Whether the match sits inside a here-document the script only prints (a tip shown to the user, not a command run). */
export function inPrintedHeredoc(c: MatchContext, index: number): boolean {
  const before = unitWindow(c, index, 4000, 0);
  if (!before.includes('<<')) return false;
  let last: RegExpExecArray | undefined;
  PRINTED_HEREDOC.lastIndex = 0;
  for (let m = PRINTED_HEREDOC.exec(before); m; m = PRINTED_HEREDOC.exec(before)) last = m;
  if (!last) return false;
  return !new RegExp(String.raw`^[ \t]*${last[1]}[ \t]*$`, 'm').test(before.slice(last.index + last[0].length));
}
