import type { ConfigProblem } from '../../core/config/problems.js';
import type { Report } from '../../core/report.js';
import type { StickyOutcome } from '../../github/sticky-comment.js';
import type { Conclusion } from './check-run-outcome.js';

/** How one evaluation of a pull request ended (logged, and handed to `onEvaluation`). */
export type EvaluationResult =
  | { kind: 'skipped'; reason: string }
  | {
      kind: 'evaluated';
      /** The check run's conclusion: the worst verdict of the pull requests this commit is the head of. */
      conclusion: Conclusion;
      /** The event's pull request's own report. */
      report: Report;
      checkRunId: number;
      /** Every pull request the commit was judged for, with its base and its own verdict. */
      pulls?: { number: number | undefined; base: string | undefined; conclusion: Conclusion }[];
      comment?: StickyOutcome;
      commentError?: string;
    }
  | { kind: 'config-problems'; problems: ConfigProblem[]; checkRunId: number }
  | { kind: 'failed'; description: string; conclusion: Conclusion; checkRunId?: number };
