import { lineAt } from '../segment/line-at.js';

/** Keys of a one-line record that hold a case's input. */
const RECORD_INPUT_KEY =
  /["'](?:input|inputs|prompt|prompts|payload|payloads|attack|attacks|case|sample|jailbreak|injection|adversarial|user_message|query|text)["']\s{0,4}:\s{0,4}["']/i;

/** The match sits in a one-line record with an input key (`{"id": …, "prompt": "…", …}`): a case of a dataset, quoted data. */
export function datasetRecordInput(text: string, at: number): boolean {
  const { line } = lineAt(text, at);
  return /^\s{0,8}\{/.test(line) && RECORD_INPUT_KEY.test(line) && (line.match(/["']\s{0,4}:/g)?.length ?? 0) >= 2;
}
