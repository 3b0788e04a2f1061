import * as z from 'zod/mini';
import '../zod-messages.js';

const CLAIM_NOT_OBJECT = 'Claim entries must be objects.';
const CLAIM_REQUIRED = 'Each claim requires string agentId, taskId, claimedAt and provenanceId fields.';

/** An ISO 8601 date or date-time, as Ralphdex writes `claimedAt` (`2026-03-15T16:56:39.966Z`). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Milliseconds since the epoch of an ISO 8601 date-time, NaN for anything else. */
export function isoTime(text: string): number {
  return ISO_DATE_TIME.test(text.trim()) ? Date.parse(text.trim()) : NaN;
}

const required = z.string({ error: CLAIM_REQUIRED });

/**
 * One `.ralph/claims.json` entry (docs/rules/tasks.md): four required strings, `claimedAt` an
 * ISO 8601 date-time; a missing or unknown `status` reads as `active`.
 */
export const claimEntrySchema = z.object(
  {
    agentId: required,
    taskId: required,
    claimedAt: required.check(
      z.refine((text) => !Number.isNaN(isoTime(text)), {
        error: (issue) => `claimedAt ${JSON.stringify(issue.input)} is not an ISO 8601 date-time.`,
      }),
    ),
    provenanceId: required,
    status: z.catch(z.enum(['active', 'released', 'stale']), 'active'),
  },
  { error: CLAIM_NOT_OBJECT },
);

/** Ralphdex's reason: a missing or mistyped field before a date that is not ISO 8601. */
export function claimEntryProblem(issues: readonly z.core.$ZodIssue[]): string {
  return (issues.find((issue) => issue.code !== 'custom') ?? issues[0])?.message ?? CLAIM_REQUIRED;
}
