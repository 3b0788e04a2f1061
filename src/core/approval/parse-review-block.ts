import * as z from 'zod/mini';
import '../zod-messages.js';
import { describeZodIssues, type CommentDiagnostic } from './comment-diagnostic.js';

export const VERDICTS = ['APPROVE', 'ITERATE', 'REJECT'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const SPIRAL_GATES = ['principleOptionConsistency', 'alternativesDepth', 'riskVerificationRigor', 'deliberateAdditions'] as const;

/** Spiral's words and the other planning tools' words for the same three verdicts. */
const VERDICT_WORDS: Readonly<Record<string, Verdict>> = {
  APPROVE: 'APPROVE',
  ITERATE: 'ITERATE',
  REJECT: 'REJECT',
  ACCEPT: 'APPROVE',
  'ACCEPT-WITH-RESERVATIONS': 'APPROVE',
  OKAY: 'APPROVE',
  APPROVED: 'APPROVE',
  REVISE: 'ITERATE',
  BLOCKED: 'REJECT',
};

/** `accept with reservations`, `Accept_With_Reservations` → `ACCEPT-WITH-RESERVATIONS` → APPROVE. */
export function verdictFromWord(word: string): Verdict | undefined {
  const key = word
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, '-');
  return Object.hasOwn(VERDICT_WORDS, key) ? VERDICT_WORDS[key] : undefined;
}

const MAX_BLOCK_CHARS = 100_000;
const text = z.string().check(z.maxLength(20_000));
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
/** zod/mini's preprocess: reshape the raw value, then check it. */
const preprocess = <T extends z.ZodMiniType>(reshape: (v: unknown) => unknown, schema: T) => z.pipe(z.transform(reshape), schema);

const gateSchema = z.object({ pass: z.boolean(), reason: text });
const findingSchema = z.object({
  severity: preprocess(upper, z.enum(['CRITICAL', 'MAJOR', 'MINOR'])),
  title: z.optional(text),
  evidence: z.optional(text),
  why: z.optional(text),
  fix: z.optional(text),
  confidence: z.optional(text),
});

/**
 * Spiral's critic shape (other keys — mode, summary, perspectives … — are allowed and not
 * used). `gates` holds the four ralplan gates; extra `{ pass, reason }` gates count too.
 */
export const reviewBlockSchema = z.object({
  verdict: z.string().check(z.maxLength(100)),
  role: z.optional(preprocess(lower, z.enum(['architect', 'critic']))),
  summary: z.optional(text),
  findings: z._default(z.array(findingSchema).check(z.maxLength(500)), []),
  gates: z.optional(
    z.catchall(
      z.object(Object.fromEntries(SPIRAL_GATES.map((g) => [g, gateSchema])) as Record<(typeof SPIRAL_GATES)[number], typeof gateSchema>),
      gateSchema,
    ),
  ),
});

export interface ReviewBlock extends Omit<z.infer<typeof reviewBlockSchema>, 'verdict'> {
  verdict: Verdict;
  /** The word as written, e.g. `ACCEPT-WITH-RESERVATIONS`. */
  verdictWord: string;
}

export type ReviewBlockParse = { ok: true; review: ReviewBlock } | { ok: false; diagnostic: CommentDiagnostic };

/** One block's JSON → a review, or a diagnostic (never an exception). `line` is the block's fence line. */
export function parseReviewBlock(blockText: string, line?: number): ReviewBlockParse {
  const fail = (message: string): ReviewBlockParse => ({
    ok: false,
    diagnostic: { code: 'review_invalid', message, ...(line ? { line } : {}) },
  });
  if (blockText.length > MAX_BLOCK_CHARS) return fail(`plangate-review block is longer than ${MAX_BLOCK_CHARS} characters`);
  let value: unknown;
  try {
    value = JSON.parse(blockText);
  } catch (error) {
    return fail(`plangate-review block is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = reviewBlockSchema.safeParse(value);
  if (!parsed.success) return fail(`plangate-review block does not match the critic shape: ${describeZodIssues(parsed.error)}`);
  const verdict = verdictFromWord(parsed.data.verdict);
  if (!verdict) {
    return fail(
      `plangate-review verdict ${JSON.stringify(parsed.data.verdict.slice(0, 40))} is not one of APPROVE, ITERATE, REJECT (or ACCEPT, ACCEPT-WITH-RESERVATIONS, OKAY, APPROVED, REVISE, BLOCKED)`,
    );
  }
  return { ok: true, review: { ...parsed.data, verdict, verdictWord: parsed.data.verdict.trim() } };
}
