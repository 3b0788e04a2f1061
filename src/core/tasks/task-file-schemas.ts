import * as z from 'zod/mini';
import '../zod-messages.js';

/** The top level of a Ralphdex JSON file: an object (`tasks/task_file_not_object` otherwise). */
export const jsonObjectSchema = z.looseObject({});

/** `.ralph/tasks.json`: `{ "version": 2, "tasks": [...] }` (entries are checked one by one, `taskEntrySchema`). */
export const taskFileSchema = z.looseObject({
  version: z.literal(2),
  tasks: z.array(z.unknown()),
});

/** `.ralph/claims.json`: `{ "version": 1, "claims": [...] }` (entries: `claimEntrySchema`). */
export const claimsFileSchema = z.looseObject({
  version: z.literal(1),
  claims: z.array(z.unknown()),
});

/** The fields of a file's top level that failed its schema. */
export function failedFields(schema: z.ZodMiniType, value: unknown): Set<string> {
  const result = schema.safeParse(value);
  return new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0] ?? '')));
}
