import { TEST_RECORD } from '../match/code-context.js';
import { lineAt } from '../segment/line-at.js';
import type { MatchContext } from './scan-rule.js';

/** Keys that hold the inputs of a test or evaluation case. */
export const TEST_INPUT_KEY =
  /^\s{0,40}(?:-\s{1,4})?["']?(?:input|inputs|prompt|prompts|payload|payloads|attack|attacks|case|cases|example|examples|sample|samples|jailbreak|injection|adversarial|user_message|query)["']?\s{0,4}:/i;

/** Keys of a one-line record that hold a case's input. */
const RECORD_INPUT_KEY =
  /["'](?:input|inputs|prompt|prompts|payload|payloads|attack|attacks|case|sample|jailbreak|injection|adversarial|user_message|query|text)["']\s{0,4}:\s{0,4}["']/i;

/** The match sits in a one-line record with an input key (`{"id": …, "prompt": "…", …}`): a case of a dataset, quoted data. */
export function datasetRecordInput(text: string, at: number): boolean {
  const { line } = lineAt(text, at);
  return /^\s{0,8}\{/.test(line) && RECORD_INPUT_KEY.test(line) && (line.match(/["']\s{0,4}:/g)?.length ?? 0) >= 2;
}

/**
 * A config value that is a case of a test or evaluation set: a record that says what a classifier should make of it, a
 * one-line dataset record, or an example under an `examples:` key. Text there is quoted data. (An `input:`/`prompt:` key
 * alone is no such case: an agent's own config gives its orders under `prompt:`.)
 */
export function configTestCase(match: RegExpExecArray, context: MatchContext): boolean {
  return (
    context.kind === 'config' &&
    (TEST_RECORD.test(context.text) || datasetRecordInput(context.text, match.index) || underExamplesKey(context.fileText, context.text))
  );
}

/**
 * Whether a config line sits under an `examples:` (or `samples:`, `test_cases:`) key a few lines up, less indented and with
 * nothing as little indented between: an OpenAPI operation's example request bodies, which a classifier is tested on.
 */
function underExamplesKey(fileText: string | undefined, line: string): boolean {
  if (fileText === undefined) return false;
  const at = fileText.indexOf(line);
  if (at < 0) return false;
  let indent = /^[ \t-]*/.exec(line)![0].length;
  let end = fileText.lastIndexOf('\n', at - 1);
  for (let steps = 0; end > 0 && steps < 12; steps++) {
    const start = fileText.lastIndexOf('\n', end - 1) + 1;
    const above = fileText.slice(start, end);
    end = start - 1;
    if (!above.trim()) continue;
    const own = /^[ \t-]*/.exec(above)![0].length;
    if (own >= indent) continue;
    if (/^[ \t-]*["']?(?:examples?|samples?|test_?cases?)["']?\s{0,4}:\s*$/i.test(above)) return true;
    indent = own;
    if (own === 0) return false;
  }
  return false;
}
