import type { ConfigProblem } from '../../core/config/problems.js';
import type { Report } from '../../core/report.js';
import type { StickyOutcome } from '../../github/sticky-comment.js';
import type { Conclusion } from './check-run-outcome.js';

/** How one evaluation of a pull request ended (logged, and handed to `onEvaluation`). */
export type EvaluationResult =
  | { kind: 'skipped'; reason: string }
  | { kind: 'evaluated'; conclusion: Conclusion; report: Report; checkRunId: number; comment?: StickyOutcome; commentError?: string }
  | { kind: 'config-problems'; problems: ConfigProblem[]; checkRunId: number }
  | { kind: 'failed'; description: string; conclusion: Conclusion; checkRunId?: number };
