import { isWellSpecified } from './well-specified.js';
import { stripCode } from './strip-code.js';
import { escapeRegExp } from '../escape-regexp.js';

export interface KeywordGateOptions {
  executionKeywords: readonly string[];
  planKeyword: string;
  cancelKeyword: string;
  requireApproval: boolean;
  allowWellSpecified: boolean;
  /** The actor has the `approvers` permission, so `force:` / `!` prefixes count. */
  actorMayBypass: boolean;
}

export interface PlanningState {
  complete: boolean;
  approved: boolean;
}

export type KeywordGateReason =
  | 'no_keywords'
  | 'cancel'
  | 'ralplan_present'
  | 'no_execution_keyword'
  | 'bypass'
  | 'planning_complete'
  | 'well_specified'
  | 'planning_incomplete'
  | 'approval_required';

export interface KeywordGateResult {
  keywords: string[];
  gateApplied: boolean;
  gatedKeywords: string[];
  reason: KeywordGateReason;
}

/**
 * The keyword gate (docs/rules/plans.md): execution keywords on an incomplete or unapproved plan
 * are replaced by the planning keyword. Pure: the App supplies permissions and state.
 */
export function applyKeywordGate(
  keywords: readonly string[],
  text: string,
  planning: PlanningState,
  options: KeywordGateOptions,
): KeywordGateResult {
  const list = [...new Set(keywords.map((k) => k.toLowerCase()))];
  const unchanged = (reason: KeywordGateReason): KeywordGateResult => ({ keywords: list, gateApplied: false, gatedKeywords: [], reason });
  const execution = new Set(options.executionKeywords.map((k) => k.toLowerCase()));
  if (!list.length) return unchanged('no_keywords');
  if (list.includes(options.cancelKeyword.toLowerCase())) return unchanged('cancel');
  if (list.includes(options.planKeyword.toLowerCase())) return unchanged('ralplan_present');
  const gated = list.filter((k) => execution.has(k));
  if (!gated.length) return unchanged('no_execution_keyword');
  if (options.actorMayBypass && hasBypassPrefix(text)) return unchanged('bypass');
  if (planning.complete && (!options.requireApproval || planning.approved)) return unchanged('planning_complete');
  if (
    planning.complete === false &&
    options.allowWellSpecified &&
    !options.requireApproval &&
    isWellSpecified(text, options.executionKeywords)
  ) {
    return unchanged('well_specified');
  }
  const kept = list.filter((k) => !execution.has(k));
  return {
    keywords: [...kept, options.planKeyword.toLowerCase()],
    gateApplied: true,
    gatedKeywords: gated,
    reason: planning.complete ? 'approval_required' : 'planning_incomplete',
  };
}

/** `force:` or `!` at the start of the request (after code is removed). */
export function hasBypassPrefix(text: string): boolean {
  return /^\s*(?:force:|!)/i.test(stripCode(text));
}

/** Execution keywords named in free text (outside code), as whole words or `$word` / `/word`. */
export function extractKeywords(text: string, vocabulary: readonly string[]): string[] {
  const prose = stripCode(text).toLowerCase();
  return vocabulary.filter((word) => new RegExp(`(?:^|[\\s$/(])${escapeRegExp(word.toLowerCase())}(?=$|[\\s.,;:!?)])`).test(prose));
}
