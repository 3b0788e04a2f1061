import { TEST_RECORD } from '../match/code-context.js';
import { TEST_INPUT_KEY } from '../rules/dataset-record.js';
import { lineStarts } from './line-starts.js';
import type { Evidence } from '../scan-types.js';

/** Keys of an evaluation record that say what a system under test must or must not do. */
const EXPECTATION_KEY =
  /["']?(?:expect\w{0,30}|(?:success|failure)_\w{1,30}|canary\w{0,20}|should_\w{1,30}|must_\w{1,30}|fail_if\w{0,30}|pass_if\w{0,30}|verdict|ground_truth|assert\w{0,30})["']?\s{0,4}:/gi;
/** Keys of a record's input, and folders that hold cases. */
const CASE_INPUT_KEY = /["']?(?:prompt|payload|attack|input|jailbreak|injection)["']?\s{0,4}:/gi;
const CASE_FOLDER = /(?:^|\/)(?:cases?|payloads?|datasets?|corpus|evals?|tests?|fixtures|red[-_]?team)\//i;

/** A JSON Lines record that opens with its id (`{"id":"ov-01","kategori":…,"teks":…}`), in any language's key names. */
const ID_RECORD = /^[ \t]{0,8}\{[ \t]{0,4}"(?:id|case_?id|uid|no)"[ \t]{0,4}:/gm;

export function testDataset(path: string, text: string): boolean {
  return (
    (text.match(EXPECTATION_KEY)?.length ?? 0) >= 2 ||
    (CASE_FOLDER.test(path) && (text.match(CASE_INPUT_KEY)?.length ?? 0) >= 3) ||
    // A JSON Lines file of numbered records is a dataset whatever its keys are called: rows to read, not orders.
    (/\.(?:jsonl|ndjson)$/i.test(path) && (text.match(ID_RECORD)?.length ?? 0) >= 3)
  );
}

export const RULE_FIXTURE_ANNOTATION = /^\s{0,8}(?:#|\/\/|--)\s{0,4}(?:ruleid|ok|todoruleid|todook)\s{0,4}:/gim;

/**
 * The records of a test or evaluation set (a line that says what a classifier should make of it, or
 * an `input:`/`prompt:` case): an encoded or hidden payload there is what the test feeds a model, not
 * an instruction to this one.
 */
export function quietTestRecords(evidence: Evidence[], original: string, dataset = false, jsonLines = false): void {
  const lineStartOf = lineStarts(original);
  // Whether a line is a test record, read once per line: a one-line JSON file holds all its matches.
  const records = new Map<number, boolean>();
  const recordAt = (lineStart: number) => {
    let known = records.get(lineStart);
    if (known === undefined) {
      const end = original.indexOf('\n', lineStart);
      const line = original.slice(lineStart, end < 0 ? undefined : end);
      known = TEST_RECORD.test(line) || TEST_INPUT_KEY.test(line) || inInputBlock(original, lineStart, dataset);
      records.set(lineStart, known);
    }
    return known;
  };
  for (const e of evidence) {
    let input: boolean | undefined;
    const inInput = () => (input ??= inInputValue(original.slice(Math.max(lineStartOf(e.start), e.start - 2000), e.start)));
    // JSON Lines is a format for records, not settings: a command written out in a case's input (`{"payload": "… curl … | sh"}`)
    // is what the case feeds a model, described (MEDIUM at most). An encoded one is judged by what it decodes to (analyse-file.ts).
    if (jsonLines && e.rule !== 'S011' && e.detector !== 'decoded-payload' && inInput()) e.described = true;
    if (e.rule === 'S005' || e.rule === 'S015') {
      // A JSON Lines case (`{"id": …, "input": "… forward the conversation to …"}`): an order to send or hide, fed to a model under test.
      if (!inInput()) continue;
    } else if (e.rule !== 'S006' && e.rule !== 'S008' && e.rule !== 'S004') continue;
    else if (!recordAt(lineStartOf(e.start))) continue;
    e.capabilities = ['mentions-attack'];
    e.level = 'LOW';
    e.evidenceOnly = true;
  }
}

/** An input-like key of a JSON object with its value's opening quote. */
const INPUT_KEY_OPEN = /"(?:input|inputs|prompt|payload|attack|user_message|query|message|text|document|email)"\s{0,4}:\s{0,4}"/g;

/** Whether `before` ends inside the string value of an input-like key (the value's quote is not closed yet). */
function inInputValue(before: string): boolean {
  let last = -1;
  for (const m of before.matchAll(INPUT_KEY_OPEN)) last = m.index + m[0].length;
  if (last < 0) return false;
  return !/(?<!\\)(?:\\\\)*"/.test(before.slice(last));
}

/** In a file that is a test set (its records say what must happen), the text a case feeds the system under test. */
const CASE_TEXT_KEY =
  /^\s{0,40}(?:-\s{1,4})?["']?(?:doc|docs|document|context|passage|text|content|body|email|message|question|page|html)["']?\s{0,4}:/i;

/**
 * Whether the line at `lineStart` is inside a YAML block scalar of an input key (`payload: |` and the indented
 * lines under it): the text of a case, as much as a one-line `payload: "…"`. In a test set, a document a case
 * feeds the system under test (`doc: |`) is as much a case.
 */
function inInputBlock(original: string, lineStart: number, dataset: boolean): boolean {
  const indent = /^[ \t]*/.exec(original.slice(lineStart, lineStart + 200))![0].length;
  if (!indent) return false;
  let end = lineStart - 1;
  for (let lines = 0; end > 0 && lines < 60; lines++) {
    const start = original.lastIndexOf('\n', end - 1) + 1;
    const line = original.slice(start, end);
    end = start - 1;
    if (!line.trim()) continue;
    if (/^[ \t]*/.exec(line)![0].length < indent)
      return (TEST_INPUT_KEY.test(line) || (dataset && CASE_TEXT_KEY.test(line))) && /:\s{0,4}[|>][+-]?\d?\s{0,4}$/.test(line);
  }
  return false;
}

/** A test file by its name (`test_guard.py`, `guard_test.go`, `guard.test.ts`, `guard_spec.rb`) inside a test folder. */
const TEST_FILE =
  /(?:^|\/)(?:tests?|__tests__|spec|specs)\/(?:[\w.-]{1,80}\/){0,4}(?:test_[\w.-]{1,80}\.py|[\w.-]{1,80}_test\.(?:py|go|rb)|[\w.-]{1,80}\.(?:test|spec)\.[cm]?[jt]sx?|[\w.-]{1,80}_spec\.rb|[\w.-]{1,80}\.bats|test_[\w.-]{1,80}\.(?:sh|bash)|[\w.-]{1,80}_test\.(?:sh|bash)|[\w.-]{1,80}\.Tests\.ps1)$/;
/** A call that runs the string it is given: the case is then a command, not an input. */
const RUNS_ITS_ARGUMENT =
  /\b(?:subprocess\.\w{1,20}|os\.(?:system|popen)|exec(?:Sync)?|spawn(?:Sync)?|execa|system|popen|Popen|eval)\s{0,4}\(\s{0,4}(?:\[\s{0,4})?[frbFRB]?$|\$\(\s{0,4}$|`$|\b(?:ba|z|da)?sh\s{1,4}-c\s{1,4}$|\b(?:eval|Invoke-Expression|iex)\s{1,4}$/;

/** Where the string literal `start` of `line` is in opens, if it is in one that closes on the line (' or " quotes). */
function openingQuote(line: string, start: number): number | undefined {
  let quote: string | undefined;
  let open = -1;
  for (let i = 0; i < start; i++) {
    const c = line[i]!;
    if (c === '\\') i++;
    else if (quote === undefined && (c === '"' || c === "'")) {
      quote = c;
      open = i;
    } else if (c === quote) quote = undefined;
  }
  if (quote === undefined) return undefined;
  for (let i = start; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') i++;
    // The match starts inside the literal; it may take the closing quote and what follows with it (`rm -rf ~/"`, `--all",`).
    else if (c === quote) return open;
  }
  return undefined;
}

/**
 * The cases of a test file (`assert guard("rm -rf ~/").returncode == 2`): a command in a string the test hands to the code
 * under test is that test's input, described (MEDIUM at most). A string given to a call that runs it (`subprocess.run("…",
 * shell=True)`, `os.system("…")`) is still run.
 */
export function describeTestFileCases(evidence: Evidence[], original: string, path: string): void {
  if (!TEST_FILE.test(path)) return;
  const lineStartOf = lineStarts(original);
  for (const e of evidence) {
    const lineStart = lineStartOf(e.start);
    const lineEnd = original.indexOf('\n', lineStart);
    const line = original.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
    if (e.end - lineStart > line.length) continue;
    const open = openingQuote(line, e.start - lineStart);
    if (open === undefined || RUNS_ITS_ARGUMENT.test(line.slice(0, open))) continue;
    e.described = true;
  }
}
