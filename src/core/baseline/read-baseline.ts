import { readJson, type JsonPath } from '../json/read-json.js';
import type { CheckName } from '../finding.js';
import type { RepoSnapshot } from '../snapshot.js';
import { decodeText } from '../text.js';
import { baselineEntrySchema, baselineFileSchema, checkOfRule, type BaselineRecord } from './baseline-file.js';

/** An entry that can suppress: it has a reason, and a rule of a check a baseline covers. */
export interface BaselineEntry {
  /** Its place in the file's `suppressions`. */
  index: number;
  record: BaselineRecord;
  check: CheckName;
  reason: string;
}

export interface BaselineProblem {
  code: 'invalid' | 'entry_without_reason';
  message: string;
  help: string;
  line?: number;
  column?: number;
}

export interface Baseline {
  /** Where it was read from, for messages. */
  path: string;
  /** Every entry as written (reasons, reviewers' fields), for `plangate baseline` to keep. */
  records: BaselineRecord[];
  entries: BaselineEntry[];
  problems: BaselineProblem[];
  /** The file as a whole is unusable (syntax or shape): nothing in it suppresses, and it must not be overwritten. */
  unusable: boolean;
}

const SHAPE_HELP =
  'The baseline is JSON: { "version": 1, "suppressions": [{ "fingerprint", "rule", "file", "reason" }] }; `plangate baseline --reason "…"` writes it.';

/** The baseline file from a tree (the base commit's when there is one: a change cannot accept its own findings). */
export async function readBaseline(tree: RepoSnapshot, path: string): Promise<Baseline | undefined> {
  const entry = tree.entry(path);
  if (!entry || (entry.mode !== 'file' && entry.mode !== 'executable')) return undefined;
  const bytes = await tree.readBytes(path);
  if (!bytes) return undefined;
  return parseBaseline(decodeText(bytes).text, path);
}

/**
 * Baseline text → its entries, validated with zod and reported at their line and column. An
 * entry without a reason, or for a rule no baseline covers (the plans gate is decided per
 * change), is reported and suppresses nothing; the other entries still count.
 */
export function parseBaseline(text: string, path: string): Baseline {
  const unusable = (message: string, line?: number, column?: number): Baseline => ({
    path,
    records: [],
    entries: [],
    problems: [
      {
        code: 'invalid',
        message: `${path} is not a usable baseline: ${message}. Nothing is suppressed by it.`,
        help: SHAPE_HELP,
        line,
        column,
      },
    ],
    unusable: true,
  });
  const parsed = readJson(text);
  if (!parsed.ok) return unusable(parsed.error.message, parsed.error.line, parsed.error.column);
  const { doc } = parsed;
  const file = baselineFileSchema.safeParse(doc.value);
  if (!file.success) {
    const issue = file.error.issues[0]!;
    const at = doc.positionOf(jsonPathOf(issue.path));
    const where = issue.path.length ? `"${issue.path.join('.')}": ` : '';
    return unusable(`${where}${issue.message} (expected an object with "version": 1 and a "suppressions" array)`, at.line, at.column);
  }
  const records: BaselineRecord[] = [];
  const entries: BaselineEntry[] = [];
  const problems: BaselineProblem[] = [];
  file.data.suppressions.forEach((raw, index) => {
    const item = baselineEntrySchema.safeParse(raw);
    if (!item.success) {
      const issue = item.error.issues[0]!;
      const at = doc.positionOf(['suppressions', index, ...jsonPathOf(issue.path)]);
      const field = issue.path.length ? `.${issue.path.join('.')}` : '';
      problems.push({
        code: 'invalid',
        message: `suppressions[${index}]${field}: ${issue.message}; this entry suppresses nothing.`,
        help: SHAPE_HELP,
        ...at,
      });
      return;
    }
    const record = item.data;
    records.push(record);
    const at = doc.positionOf(['suppressions', index]);
    const check = checkOfRule(record.rule);
    if (!check) {
      problems.push({
        code: 'invalid',
        message: `suppressions[${index}] is for ${record.rule}, which a baseline cannot accept (the plans gate is decided for each change); it suppresses nothing.`,
        help: 'Remove the entry.',
        ...at,
      });
      return;
    }
    const reason = record.reason?.trim() ?? '';
    if (!reason) {
      problems.push({
        code: 'entry_without_reason',
        message: `Baseline entry ${record.fingerprint}${record.rule ? ` (${record.rule}${record.file ? ` in ${record.file}` : ''})` : ''} gives no reason, so it does not suppress anything.`,
        help: 'Add a "reason" saying why the finding is acceptable.',
        ...at,
      });
      return;
    }
    entries.push({ index, record, check, reason });
  });
  return { path, records, entries, problems, unusable: false };
}

function jsonPathOf(path: readonly PropertyKey[]): JsonPath {
  return path.filter((s): s is string | number => typeof s !== 'symbol');
}
