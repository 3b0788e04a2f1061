import type { RalphOutcome } from './ralph-state.js';

/** How an outcome reads in the run comment and the job summary (one wording everywhere). */
export const OUTCOME_TITLE: Record<RalphOutcome, string> = {
  completed: '✅ completed',
  exhausted: '⏳ exhausted (iteration budget used)',
  blocked: '🛑 blocked',
  failed: '❌ failed',
  cancelled: '⏹️ cancelled',
  integrity_violation: '🚨 stopped: integrity violation',
};
