import { describeFailure } from '../runtime/describe-failure.js';

/** Why an evaluation could not finish, for the check run's title and the logs. */
export interface EvaluationFailure {
  /**
   * GitHub kept failing after the retries (5xx, rate limits, broken connections): an outage, the
   * only failure `app.onError: neutral` may let pass. A 404, an internal error or an answer
   * plangate could not use is never an outage.
   */
  outage: boolean;
  /** One line naming the failure (the call, its status, the attempts); never headers or tokens. */
  description: string;
  /** A few words for the check run's title, e.g. `GitHub answered 502 after 3 attempts`. */
  reason: string;
}

interface ErrorShape {
  status?: unknown;
  plangateAttempts?: unknown;
  request?: { method?: string; url?: string };
}

const CONNECTION = /socket|closed|reset|fetch failed|ECONN|EPIPE|ETIMEDOUT|terminated/i;

/** Sorts a failure into a GitHub outage or anything else; both fail the check by default. */
export function classifyFailure(error: unknown): EvaluationFailure {
  const description = describeFailure(error);
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  if (!e.request?.method) return { outage: false, description, reason: 'internal error' };
  const attempts = typeof e.plangateAttempts === 'number' && e.plangateAttempts > 1 ? ` after ${e.plangateAttempts} attempts` : '';
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status === undefined || (status === 500 && CONNECTION.test(description)))
    return { outage: true, description, reason: `the connection to GitHub failed${attempts}` };
  if (status === 429 || (status === 403 && /rate limit/i.test(description)))
    return { outage: true, description, reason: `GitHub's rate limit (${status})${attempts}` };
  return { outage: status >= 500, description, reason: `GitHub answered ${status}${attempts}` };
}
