import * as z from 'zod/mini';
import '../zod-messages.js';
import { TASK_STATUSES, type RalphTask } from './task-model.js';

/** Ralphdex's reasons for an invalid entry (docs/rules/tasks.md, `tasks/task_entry_invalid`). */
const TASK_ENTRY_NOT_OBJECT = 'Task entries must be objects.';
const TASK_ENTRY_REQUIRED = 'Each task requires string id/title fields and a valid status.';
const TASK_TITLE_EMPTY = 'Task titles must be non-empty strings.';

type OptionalField = Exclude<keyof RalphTask, 'id' | 'title' | 'status' | 'index'>;

/** Optional text: trimmed; anything else (a number, an empty string) is dropped, as Ralphdex drops it. */
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() || undefined : undefined);
/** Optional choice: a value outside the list is dropped. */
const choice =
  <T extends string>(...allowed: T[]) =>
  (value: unknown): T | undefined =>
    allowed.includes(value as T) ? (value as T) : undefined;
/** Optional list of text: trimmed, non-strings and empty strings dropped, and none left is no list. */
const textList = (value: unknown): string[] | undefined => {
  if (!Array.isArray(value)) return undefined;
  const out: string[] = [];
  for (const item of value) {
    const trimmed = text(item);
    if (trimmed) out.push(trimmed);
  }
  return out.length ? out : undefined;
};

/**
 * How Ralphdex reads each optional field: a value of the wrong shape is dropped, never an error
 * (so these are not zod schemas: a lenient reading is not a validation, and doing it with zod's
 * `catch` costs five times as much on a 100,000-task file).
 */
export const OPTIONAL_TASK_FIELDS: { readonly [K in OptionalField]: (value: unknown) => RalphTask[K] } = {
  parentId: text,
  dependsOn: (value) => {
    const list = textList(value);
    return list ? [...new Set(list)] : undefined;
  },
  notes: text,
  validation: text,
  blocker: text,
  priority: choice('low', 'normal', 'high'),
  mode: choice('default', 'documentation'),
  tier: choice('simple', 'medium', 'complex'),
  acceptance: textList,
  constraints: textList,
  context: textList,
  writeRiskLabels: textList,
  lastVerifierResult: choice('passed', 'failed', 'skipped'),
  lastReconciliationWarning: text,
};

/**
 * What makes a `.ralph/tasks.json` entry valid, as Ralphdex decides it: an object with string
 * `id` and `title` (the title non-empty once trimmed) and a known `status`. The field order is
 * the order problems are reported in.
 */
export const taskEntrySchema = z.object(
  {
    id: z.string({ error: TASK_ENTRY_REQUIRED }),
    status: z.enum(TASK_STATUSES, { error: TASK_ENTRY_REQUIRED }),
    title: z.string({ error: TASK_ENTRY_REQUIRED }).check(z.refine((title) => title.trim() !== '', { error: TASK_TITLE_EMPTY })),
  },
  { error: TASK_ENTRY_NOT_OBJECT },
);

/** Fields a version 2 task may carry; anything else is reported as unknown. */
export const SUPPORTED_TASK_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(taskEntrySchema.def.shape),
  ...Object.keys(OPTIONAL_TASK_FIELDS),
]);

/** The reason Ralphdex gives: a missing or mistyped required field before an empty title. */
export function taskEntryProblem(issues: readonly z.core.$ZodIssue[]): string {
  return (issues.find((issue) => issue.code !== 'custom') ?? issues[0])?.message ?? TASK_ENTRY_REQUIRED;
}
