import { z } from 'zod';
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
  const key = word.trim().toUpperCase().replace(/[\s_]+/g, '-');
  return Object.hasOwn(VERDICT_WORDS, key) ? VERDICT_WORDS[key] : undefined;
}

const MAX_BLOCK_CHARS = 100_000;
const text = z.string().max(20_000);
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const gateSchema = z.object({ pass: z.boolean(), reason: text });
const findingSchema = z.object({
  severity: z.preprocess(upper, z.enum(['CRITICAL', 'MAJOR', 'MINOR'])),
  title: text.optional(),
  evidence: text.optional(),
  why: text.optional(),
  fix: text.optional(),
  confidence: text.optional(),
});

/**
 * Spiral's critic shape (other keys — mode, summary, perspectives … — are allowed and not
 * used). `gates` holds the four ralplan gates; extra `{ pass, reason }` gates count too.
 */
export const reviewBlockSchema = z.object({
  verdict: z.string().max(100),
  role: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['architect', 'critic'])).optional(),
  summary: text.optional(),
  findings: z.array(findingSchema).max(500).default([]),
  gates: z
    .object(Object.fromEntries(SPIRAL_GATES.map((g) => [g, gateSchema])) as Record<(typeof SPIRAL_GATES)[number], typeof gateSchema>)
    .catchall(gateSchema)
    .optional(),
});

export interface ReviewBlock extends Omit<z.infer<typeof reviewBlockSchema>, 'verdict'> {
  verdict: Verdict;
  /** The word as written, e.g. `ACCEPT-WITH-RESERVATIONS`. */
  verdictWord: string;
}

export type ReviewBlockParse = { ok: true; review: ReviewBlock } | { ok: false; diagnostic: CommentDiagnostic };

/** One block's JSON → a review, or a diagnostic (never an exception). `line` is the block's fence line. */
export function parseReviewBlock(blockText: string, line?: number): ReviewBlockParse {
  const fail = (message: string): ReviewBlockParse => ({ ok: false, diagnostic: { code: 'review_invalid', message, ...(line ? { line } : {}) } });
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
    return fail(`plangate-review verdict ${JSON.stringify(parsed.data.verdict.slice(0, 40))} is not one of APPROVE, ITERATE, REJECT (or ACCEPT, ACCEPT-WITH-RESERVATIONS, OKAY, APPROVED, REVISE, BLOCKED)`);
  }
  return { ok: true, review: { ...parsed.data, verdict, verdictWord: parsed.data.verdict.trim() } };
}
