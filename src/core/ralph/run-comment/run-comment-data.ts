import * as z from 'zod/mini';
import '../../zod-messages.js';
import { loginSchema } from '../../approval/approval-receipt.js';
import { encodeHiddenJson } from '../../approval/hidden-json.js';
import { OBJECT_ID } from '../plan-pins.js';
import { RALPH_OUTCOMES } from '../ralph-state.js';

/**
 * - `dispatched`: the App recorded the key and asked for the workflow (or is about to);
 * - `running`: the workflow run is known (`runId`);
 * - `cancel_requested`: `/plangate cancel` or the cancel label asked GitHub to cancel it;
 * - `finished`: `outcome` says how it ended;
 * - `dispatch_failed`: the dispatch API refused; nothing runs.
 */
export const RUN_STATUSES = ['dispatched', 'running', 'cancel_requested', 'finished', 'dispatch_failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const IN_FLIGHT_STATUSES: readonly RunStatus[] = ['dispatched', 'running', 'cancel_requested'];

export const RUN_LIMITS = {
  stories: 50,
  storyId: 64,
  storyTitle: 100,
  reason: 600,
  plan: 1024,
  key: 400,
  previousKeys: 10,
  url: 500,
  hiddenJson: 40_000,
} as const;

/** Links go into markdown `[text](url)`: https only, nothing that ends the link early. */
export const SAFE_URL = /^https:\/\/[^\s()<>"'`\\[\]@|*]+$/;
const urlSchema = z.string().check(z.maxLength(RUN_LIMITS.url)).check(z.regex(SAFE_URL, 'an https URL'));

export const runStorySchema = z.strictObject({
  id: z.string().check(z.maxLength(RUN_LIMITS.storyId)),
  title: z.string().check(z.maxLength(RUN_LIMITS.storyTitle)),
  passes: z.boolean(),
  attempts: z.int().check(z.minimum(0)),
});
export type RunStory = z.infer<typeof runStorySchema>;

const isoTimeSchema = z.iso.datetime({ offset: true });

export const runApprovalSchema = z.strictObject({
  state: z.enum(['approved', 'not-required', 'bypassed', 'well-specified']),
  by: z.optional(loginSchema),
  at: z.optional(isoTimeSchema),
});
export type RunApproval = z.infer<typeof runApprovalSchema>;

/** The hidden JSON of the run comment: the durable exactly-once record (ADR 0003). */
export const runCommentDataSchema = z.strictObject({
  version: z.literal(1),
  key: z.string().check(z.minLength(1)).check(z.maxLength(RUN_LIMITS.key)),
  /** Keys of earlier dispatches on this issue, newest first: a late redelivery of one is `superseded`. */
  previousKeys: z.array(z.string().check(z.minLength(1)).check(z.maxLength(RUN_LIMITS.key))).check(z.maxLength(RUN_LIMITS.previousKeys)),
  /** A per-attempt nonce, to tell which of two concurrent writers won (see `decideClaim`). */
  claim: z.optional(z.string().check(z.maxLength(100))),
  status: z.enum(RUN_STATUSES),
  mode: z.enum(['ralph', 'team']),
  plan: z.optional(z.string().check(z.maxLength(RUN_LIMITS.plan))),
  /** The commit the run is pinned to: where the gate and approval were checked. */
  commit: z.optional(z.string().check(z.regex(OBJECT_ID, 'a full commit SHA'))),
  approval: z.optional(runApprovalSchema),
  /** The workflow run (Actions API id) and its page. */
  runId: z.optional(z.int().check(z.positive())),
  runUrl: z.optional(urlSchema),
  /** The ralph runner's own run id (its state directory), from the result file. */
  ralphRunId: z.optional(z.string().check(z.maxLength(200))),
  iteration: z.int().check(z.minimum(0)),
  maxIterations: z.int().check(z.minimum(0)),
  outcome: z.optional(z.enum(RALPH_OUTCOMES)),
  reason: z.optional(z.string().check(z.maxLength(RUN_LIMITS.reason))),
  stories: z.optional(z.array(runStorySchema).check(z.maxLength(RUN_LIMITS.stories))),
  storiesOmitted: z.optional(z.int().check(z.minimum(1))),
  prUrl: z.optional(urlSchema),
});
export type RunCommentData = z.infer<typeof runCommentDataSchema>;

export function isInFlight(data: RunCommentData): boolean {
  return IN_FLIGHT_STATUSES.includes(data.status);
}

/**
 * The data as the comment can hold it: every schema rule applied (at most 50 stories, the
 * rest counted; ids, titles, keys and texts clipped; unsafe links, non-login names and
 * non-ISO times dropped; counts made whole and non-negative). The renderer applies it, so
 * `parseRunComment(renderRunComment(d))` gives back `clampRunCommentData(d)` for any `d`.
 * Should the hidden JSON still exceed its budget (hostile titles escape up to 6×), the
 * stories leave the hidden part (counted in `storiesOmitted`); the visible table is
 * clipped separately.
 */
export function clampRunCommentData(data: RunCommentData): RunCommentData {
  const out: RunCommentData = {
    version: 1,
    key: clip(data.key, RUN_LIMITS.key) || '?',
    previousKeys: data.previousKeys
      .filter((k) => k.length > 0)
      .slice(0, RUN_LIMITS.previousKeys)
      .map((k) => clip(k, RUN_LIMITS.key)),
    status: data.status,
    mode: data.mode,
    iteration: count(data.iteration),
    maxIterations: count(data.maxIterations),
  };
  if (data.claim !== undefined) out.claim = clip(data.claim, 100);
  if (data.plan !== undefined) out.plan = clip(data.plan, RUN_LIMITS.plan);
  if (data.commit !== undefined && OBJECT_ID.test(data.commit)) out.commit = data.commit;
  if (data.approval) {
    out.approval = { state: data.approval.state };
    if (data.approval.by !== undefined && loginSchema.safeParse(data.approval.by).success) out.approval.by = data.approval.by;
    if (data.approval.at !== undefined && isoTimeSchema.safeParse(data.approval.at).success) out.approval.at = data.approval.at;
  }
  if (data.runId !== undefined && Number.isSafeInteger(data.runId) && data.runId > 0) out.runId = data.runId;
  for (const key of ['runUrl', 'prUrl'] as const) {
    const url = data[key];
    if (url !== undefined && url.length <= RUN_LIMITS.url && SAFE_URL.test(url)) out[key] = url;
  }
  if (data.ralphRunId !== undefined) out.ralphRunId = clip(data.ralphRunId, 200);
  if (data.outcome !== undefined) out.outcome = data.outcome;
  if (data.reason !== undefined) out.reason = clip(data.reason, RUN_LIMITS.reason);
  let omitted = count(data.storiesOmitted ?? 0);
  if (data.stories) {
    omitted += Math.max(0, data.stories.length - RUN_LIMITS.stories);
    out.stories = data.stories.slice(0, RUN_LIMITS.stories).map((s) => ({
      id: clip(s.id, RUN_LIMITS.storyId),
      title: clip(s.title, RUN_LIMITS.storyTitle),
      passes: s.passes,
      attempts: count(s.attempts),
    }));
    if (out.stories.length && encodeHiddenJson(out).length > RUN_LIMITS.hiddenJson) {
      omitted += out.stories.length;
      out.stories = [];
    }
  }
  if (omitted > 0) out.storiesOmitted = Math.min(omitted, Number.MAX_SAFE_INTEGER);
  return out;
}

function count(n: number): number {
  return Number.isFinite(n) ? Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, Math.floor(n))) : 0;
}

/** At most `max` UTF-16 units, never splitting a surrogate pair, `…` marking a cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  if (/[\ud800-\udbff]/.test(text[cut - 1] ?? '')) cut--;
  return `${text.slice(0, cut)}…`;
}
