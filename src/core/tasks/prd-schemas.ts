import * as z from 'zod/mini';
import '../zod-messages.js';

/**
 * The shapes of a ralph `prd.json` (docs/rules/tasks.md). Each schema's error is the phrase a
 * message completes: "<path> must be <phrase> (got …)" or "<path> is required (<phrase>)".
 */
const text = z.string({ error: 'a string' });
const nonEmptyText = z.string({ error: 'a non-empty string' }).check(z.refine((s) => s.trim() !== '', { error: 'a non-empty string' }));
const flag = z.boolean({ error: 'a boolean' });

/** `{ project, branchName, description }` at the top (the stories are read one by one: `prdStorySchema`). */
export const prdTopSchema = z.looseObject({ project: text, branchName: text, description: text });

/** A verify item: a command, or `{ "command": "…" }`. */
const VERIFY_ITEM = 'a command string or { "command": "…" }';
const verifyItem = z
  .union([z.string(), z.looseObject({ command: z.string() })], { error: VERIFY_ITEM })
  .check(z.refine((item) => commandOf(item).trim() !== '', { error: VERIFY_ITEM }));

export function commandOf(item: string | { command: string }): string {
  return typeof item === 'string' ? item : item.command;
}

/**
 * One user story (oh-my-claudecode, Spiral's additions, plangate's `verify`). The field order is
 * the order problems are reported in. A missing or empty `acceptanceCriteria` has its own code
 * (`tasks/prd_story_without_criteria`), so that issue is told apart by its path.
 */
export const prdStorySchema = z.looseObject(
  {
    id: nonEmptyText,
    title: nonEmptyText,
    description: text,
    acceptanceCriteria: z.array(nonEmptyText, { error: 'an array of strings' }).check(z.refine((list) => list.length > 0)),
    priority: z.number({ error: 'a finite number, 1 = highest' }),
    passes: flag,
    architectVerified: z.optional(flag),
    reviewerVerified: z.optional(flag),
    notes: z.optional(text),
    attempts: z.optional(
      z.number({ error: 'a whole number ≥ 0' }).check(z.refine((n) => Number.isInteger(n) && n >= 0, { error: 'a whole number ≥ 0' })),
    ),
    criterionAmendments: z.optional(z.array(z.unknown(), { error: 'an array' })),
    verify: z.optional(z.array(verifyItem, { error: 'an array of commands' })),
  },
  { error: 'an object' },
);

/** The story fields in schema order, for reporting each field's problems together. */
export const PRD_STORY_FIELDS = Object.keys(prdStorySchema.def.shape);
