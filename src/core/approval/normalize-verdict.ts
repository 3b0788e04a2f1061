import type { ReviewBlock, Verdict } from './parse-review-block.js';

export interface NormalizedVerdict {
  /** What counts. */
  verdict: Verdict;
  /** The verdict the reviewer gave (after mapping other tools' words). */
  given: Verdict;
  downgraded: boolean;
  /** CRITICAL and MAJOR findings. */
  blockingFindings: number;
  failedGates: string[];
  /** `verdict downgraded from APPROVE: 2 blocking finding(s); failed gates: alternativesDepth` */
  note?: string;
}

/**
 * Spiral's rule (docs/approval.md): an APPROVE that still has a CRITICAL or MAJOR finding, or a
 * failed gate, counts as ITERATE. ITERATE and REJECT stand as given.
 */
export function normalizeVerdict(review: ReviewBlock): NormalizedVerdict {
  const blockingFindings = review.findings.filter((f) => f.severity === 'CRITICAL' || f.severity === 'MAJOR').length;
  const failedGates = Object.entries(review.gates ?? {})
    .filter(([, gate]) => !gate.pass)
    .map(([name]) => name);
  const base = { given: review.verdict, blockingFindings, failedGates };
  if (review.verdict !== 'APPROVE' || (!blockingFindings && !failedGates.length))
    return { ...base, verdict: review.verdict, downgraded: false };
  const why: string[] = [];
  if (blockingFindings) why.push(`${blockingFindings} blocking finding(s)`);
  if (failedGates.length) why.push(`failed gates: ${failedGates.join(', ')}`);
  return { ...base, verdict: 'ITERATE', downgraded: true, note: `verdict downgraded from APPROVE: ${why.join('; ')}` };
}
