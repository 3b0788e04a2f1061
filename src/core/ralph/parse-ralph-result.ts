import * as z from 'zod/mini';
import '../zod-messages.js';
import { describeZodIssues, type CommentDiagnostic } from '../approval/comment-diagnostic.js';
import { RALPH_OUTCOMES } from './ralph-state.js';
import { SAFE_URL } from './run-comment/run-comment-data.js';

export const RALPH_RESULT_FILE_NAME = 'plangate-ralph-result.json';
const MAX_RESULT_CHARS = 5_000_000;

/**
 * `plangate-ralph-result.json` as the runner writes it (`src/core/ralph/ralph-result.ts`
 * `RalphResult`, plus `issue` from `src/action/ralph-mode.ts`): the contract's four keys
 * (outcome, iterations, stories, runId) and `maxIterations`, `plan`, `reason?`, `prUrl?`.
 * A run that failed before its first iteration writes `runId: ""`, `plan: ""`,
 * `maxIterations: 0`. Unknown keys are allowed (a newer runner may add some); `evidence`
 * per story is accepted when present (the runner does not write it today).
 */
export const ralphResultFileSchema = z.object({
  outcome: z.enum(RALPH_OUTCOMES),
  iterations: z.int().check(z.minimum(0)),
  stories: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        passes: z.boolean(),
        attempts: z.int().check(z.minimum(0)),
        evidence: z.optional(z.array(z.object({ command: z.string(), passed: z.boolean() }))),
      }),
    )
    .check(z.maxLength(10_000)),
  runId: z.string(),
  maxIterations: z.optional(z.int().check(z.minimum(0))),
  plan: z.optional(z.string()),
  reason: z.optional(z.string()),
  prUrl: z.optional(z.string()),
  issue: z.optional(z.int().check(z.positive())),
});
export type RalphResultFile = z.infer<typeof ralphResultFileSchema>;

export type RalphResultParse =
  { ok: true; result: RalphResultFile; diagnostics: CommentDiagnostic[] } | { ok: false; diagnostics: CommentDiagnostic[] };

/**
 * The runner's result file, from a workflow artifact: it is produced by a job that ran an
 * agent, so it is checked like any untrusted input. A `prUrl` that is not a plain https
 * link is dropped with a diagnostic (it would be rendered as a link). Never throws.
 */
export function parseRalphResult(text: string): RalphResultParse {
  if (text.length > MAX_RESULT_CHARS)
    return {
      ok: false,
      diagnostics: [{ code: 'result_too_large', message: `${RALPH_RESULT_FILE_NAME} is larger than ${MAX_RESULT_CHARS} characters` }],
    };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (error) {
    return {
      ok: false,
      diagnostics: [
        {
          code: 'result_json_invalid',
          message: `${RALPH_RESULT_FILE_NAME} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
        },
      ],
    };
  }
  const parsed = ralphResultFileSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      diagnostics: [
        {
          code: 'result_invalid',
          message: `${RALPH_RESULT_FILE_NAME} does not match the runner's result shape: ${describeZodIssues(parsed.error)}`,
        },
      ],
    };
  }
  const result = parsed.data;
  const diagnostics: CommentDiagnostic[] = [];
  if (result.prUrl !== undefined && !(result.prUrl.length <= 500 && SAFE_URL.test(result.prUrl))) {
    diagnostics.push({
      code: 'result_pr_url_unsafe',
      message: `${RALPH_RESULT_FILE_NAME}: prUrl is not a plain https URL; it is left out`,
    });
    delete result.prUrl;
  }
  return { ok: true, result, diagnostics };
}
