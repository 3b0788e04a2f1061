import type { RalphConfig } from '../config/schema.js';
import { escapeMarkdownText, codeSpan } from '../markdown-safe.js';
import { renderGateOverlay } from '../plans/gate-overlay.js';
import { applyKeywordGate, type KeywordGateReason } from '../plans/keyword-gate.js';
import type { PlansGateDetails } from '../report.js';
import { describeApproval, type ApprovalEvaluation } from './evaluate-approval.js';

export interface LabelGateInput {
  /** The label this `issues.labeled` event added. */
  addedLabel: string;
  /** Every label on the issue now (the added one included). */
  labels: readonly string[];
  /** The plans check's gate details for the default branch (or the issue's `Plan:`/`Branch:`); undefined when it did not run. */
  gate: PlansGateDetails | undefined;
  /** The plans check's error messages, plain text ("what is missing" beyond the overlay). */
  problems?: readonly string[];
  approval: ApprovalEvaluation;
  config: { plans: { requireApproval: boolean }; ralph: Pick<RalphConfig, 'labels' | 'allowWellSpecified'> };
  /** Issue title and body: the keyword gate reads bypass prefixes and, when allowed, "well-specified" text. */
  issueText: string;
  /** The sender has `ralph.approvers` permission, so `force:` / `!` count. */
  actorMayBypass: boolean;
}

export type LabelGateDecision =
  | {
      kind: 'dispatch';
      mode: 'ralph' | 'team';
      /** The PRD to run; undefined only when a well-specified request runs without one. */
      plan?: string;
      via: Extract<KeywordGateReason, 'planning_complete' | 'bypass' | 'well_specified'>;
      /** The planning label left from an earlier block: remove it, the plan is ready now. */
      removeLabels: string[];
    }
  | { kind: 'blocked'; removeLabels: string[]; addLabel: string; reasonText: string; reason: 'planning_incomplete' | 'approval_required' }
  | { kind: 'ignored'; reason: string };

/**
 * What to do when an execution label is added (docs/approval.md, "Labels"), by way of the keyword
 * gate (docs/rules/plans.md) — `applyKeywordGate` decides; this maps its answer onto labels and
 * text. The planning label (`ralplan`) on the issue is the App's own earlier BLOCKED mark,
 * so it is left out of the keywords: otherwise adding `ralplan` first would let any
 * execution label through ungated.
 */
export function labelGateDecision(input: LabelGateInput): LabelGateDecision {
  const { labels: names, allowWellSpecified } = input.config.ralph;
  const lower = (s: string) => s.toLowerCase();
  const team = names.team.map(lower);
  const execution = [...names.run.map(lower), ...team];
  const added = lower(input.addedLabel);
  if (!execution.includes(added)) return { kind: 'ignored', reason: `${input.addedLabel} is not an execution label` };

  const current = [...new Set([...input.labels, input.addedLabel])];
  const planLabel = lower(names.plan);
  const notRequired = input.gate?.status === 'NOT_REQUIRED';
  const result = applyKeywordGate(
    current.filter((l) => lower(l) !== planLabel),
    input.issueText,
    { complete: input.gate?.status === 'UNLOCKED' || notRequired, approved: input.approval.state === 'fresh' || notRequired },
    {
      executionKeywords: execution,
      planKeyword: names.plan,
      cancelKeyword: names.cancel,
      requireApproval: input.config.plans.requireApproval,
      allowWellSpecified,
      actorMayBypass: input.actorMayBypass,
    },
  );
  switch (result.reason) {
    case 'planning_complete':
    case 'bypass':
    case 'well_specified': {
      const decision: LabelGateDecision = {
        kind: 'dispatch',
        mode: team.includes(added) ? 'team' : 'ralph',
        via: result.reason,
        removeLabels: current.filter((l) => lower(l) === planLabel),
      };
      if (input.gate?.prd) decision.plan = input.gate.prd;
      return decision;
    }
    case 'planning_incomplete':
    case 'approval_required':
      return {
        kind: 'blocked',
        removeLabels: current.filter((l) => result.gatedKeywords.includes(lower(l))),
        addLabel: names.plan,
        reason: result.reason,
        reasonText: blockedText(input, result.reason),
      };
    case 'cancel':
      return { kind: 'ignored', reason: `the ${names.cancel} label is present (cancel wins)` };
    default:
      return { kind: 'ignored', reason: `keyword gate: ${result.reason}` };
  }
}

function blockedText(input: LabelGateInput, reason: 'planning_incomplete' | 'approval_required'): string {
  const { gate, approval } = input;
  const lines: string[] = [];
  if (reason === 'approval_required' && gate) {
    lines.push(
      '**Ralph Ralplan-First Gate:** BLOCKED',
      '- Requirement: an approved plan before implementation/tool execution (`plans.requireApproval`).',
    );
    if (gate.prd) lines.push(`- PRD: ${codeSpan(gate.prd)}`);
    if (gate.testSpec) lines.push(`- Test spec: ${codeSpan(gate.testSpec)}`);
  } else if (gate) {
    lines.push(renderGateOverlay({ ...gate, status: 'BLOCKED' }));
  } else {
    lines.push(
      '**Ralph Ralplan-First Gate:** BLOCKED',
      '- Requirement: complete planning artifacts before implementation/tool execution.',
      '- Missing: the planning gate did not run (is the `plans` check enabled?)',
    );
  }
  for (const problem of (input.problems ?? []).slice(0, 20)) lines.push(`- ${escapeMarkdownText(problem, 300)}`);
  if (input.config.plans.requireApproval && approval.state !== 'fresh') lines.push(`- ${approvalLine(approval)}`);
  return lines.join('\n');
}

function approvalLine(approval: ApprovalEvaluation): string {
  const tampered = approval.tampered.length
    ? ` — tampered receipt ignored (comment ${approval.tampered
        .slice(0, 5)
        .map((t) => t.commentId)
        .join(', ')}${approval.tampered.length > 5 ? ', …' : ''})`
    : '';
  if (approval.state === 'stale') return escapeMarkdownText(describeApproval(approval), 600) + tampered;
  const why =
    approval.state === 'revoked' || approval.blockedBy !== undefined ? ` (${escapeMarkdownText(describeApproval(approval), 200)})` : '';
  return `approval required${why}: an approver comments \`/plangate approve\`${tampered}`;
}
