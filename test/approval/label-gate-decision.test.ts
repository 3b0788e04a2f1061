import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/core/config/schema.js';
import { approvalReceipt } from '../../src/core/approval/approval-receipt.js';
import { evaluateApproval, type ApprovalEvaluation } from '../../src/core/approval/evaluate-approval.js';
import { labelGateDecision, type LabelGateInput } from '../../src/core/approval/label-gate-decision.js';
import { renderApprovalReceipt } from '../../src/core/approval/render-approval-receipt.js';
import type { PlansGateDetails } from '../../src/core/report.js';
import { TEST_SEALER as SEALER } from '../support/test-sealer.js';

const APP = 'plangate[bot]';
const PRD = { path: '.omx/plans/prd-x.md', sha: 'a'.repeat(40) };
const SPEC = { path: '.omx/plans/test-spec-x.md', sha: 'b'.repeat(40) };
const unlocked: PlansGateDetails = {
  layout: 'omx',
  dir: '.omx/plans/',
  status: 'UNLOCKED',
  missing: [],
  prd: PRD.path,
  testSpec: SPEC.path,
  prdSha: PRD.sha,
  testSpecSha: SPEC.sha,
};
const blocked: PlansGateDetails = { layout: 'omx', dir: '.omx/plans/', status: 'BLOCKED', missing: ['test-spec-*.md'], prd: PRD.path };
const noApproval: ApprovalEvaluation = { state: 'none', staleBecause: [], diagnostics: [], tampered: [], ignoredForeign: 0 };
const approvedAt = (prdSha: string) =>
  evaluateApproval({
    sealer: SEALER,
    receipts: [
      {
        id: 1,
        author: { login: APP },
        body: renderApprovalReceipt(
          approvalReceipt({ approver: 'alice', permission: 'write', at: '2026-05-01T00:00:00Z', prd: PRD, testSpec: SPEC }),
          SEALER,
        ),
      },
    ],
    appLogin: APP,
    currentPrd: { ...PRD, sha: prdSha },
    currentTestSpec: SPEC,
  });

function input(extra: Partial<LabelGateInput> & { requireApproval?: boolean; allowWellSpecified?: boolean } = {}): LabelGateInput {
  const { requireApproval = false, allowWellSpecified = false, ...rest } = extra;
  const config = configSchema.parse({ plans: { requireApproval }, ralph: { allowWellSpecified } });
  return {
    addedLabel: 'ralph',
    labels: ['ralph'],
    gate: unlocked,
    approval: noApproval,
    config,
    issueText: 'Ship the widget',
    actorMayBypass: false,
    ...rest,
  };
}
const LIVE_MENTION = /(^|[^\w`])@[A-Za-z0-9]/m;

describe('labelGateDecision', () => {
  it('dispatches a complete plan, in team mode for a team label', () => {
    expect(labelGateDecision(input())).toEqual({
      kind: 'dispatch',
      mode: 'ralph',
      plan: PRD.path,
      via: 'planning_complete',
      removeLabels: [],
    });
    expect(labelGateDecision(input({ addedLabel: 'Team', labels: ['Team', 'bug'] }))).toMatchObject({ kind: 'dispatch', mode: 'team' });
  });

  it('ignores labels that are not execution labels, even with ralph already on the issue', () => {
    expect(labelGateDecision(input({ addedLabel: 'bug', labels: ['ralph', 'bug'] }))).toMatchObject({
      kind: 'ignored',
      reason: 'bug is not an execution label',
    });
    expect(labelGateDecision(input({ addedLabel: 'ralplan', labels: ['ralplan'] }))).toMatchObject({ kind: 'ignored' });
  });

  it('ignores an execution label while the cancel label is on the issue (cancel wins)', () => {
    expect(labelGateDecision(input({ labels: ['ralph', 'cancel'] }))).toEqual({
      kind: 'ignored',
      reason: 'the cancel label is present (cancel wins)',
    });
  });

  it('blocks an incomplete plan: removes the execution labels, adds ralplan, shows the overlay and the problems', () => {
    const decision = labelGateDecision(
      input({
        labels: ['Ralph', 'autopilot', 'bug'],
        addedLabel: 'Ralph',
        gate: blocked,
        problems: ['no test spec matches prd-x.md (expected test-spec-x.md)'],
      }),
    );
    expect(decision).toMatchObject({
      kind: 'blocked',
      removeLabels: ['Ralph', 'autopilot'],
      addLabel: 'ralplan',
      reason: 'planning_incomplete',
    });
    const text = (decision as { reasonText: string }).reasonText;
    expect(text).toContain('**Ralph Ralplan-First Gate:** BLOCKED');
    expect(text).toContain('- Missing: `test-spec-*.md`');
    expect(text).toContain('- Path: `.omx/plans/`');
    expect(text).toContain('- no test spec matches prd-x.md \\(expected test-spec-x.md\\)');
    expect(text).not.toContain('approval');
  });

  it('blocks a complete but unapproved plan when approval is required', () => {
    const decision = labelGateDecision(input({ requireApproval: true }));
    expect(decision).toMatchObject({ kind: 'blocked', reason: 'approval_required', removeLabels: ['ralph'] });
    const text = (decision as { reasonText: string }).reasonText;
    expect(text.split('\n')).toEqual([
      '**Ralph Ralplan-First Gate:** BLOCKED',
      '- Requirement: an approved plan before implementation/tool execution (`plans.requireApproval`).',
      '- PRD: `.omx/plans/prd-x.md`',
      '- Test spec: `.omx/plans/test-spec-x.md`',
      '- approval required: an approver comments `/plangate approve`',
    ]);
  });

  it('blocks a stale approval and says why, without a live mention', () => {
    const decision = labelGateDecision(input({ requireApproval: true, approval: approvedAt('c'.repeat(40)) }));
    const text = (decision as { reasonText: string }).reasonText;
    expect(text).toContain('- approval stale: prd-x.md changed since @&#8203;alice approved');
    expect(text).not.toMatch(LIVE_MENTION);
  });

  it('dispatches with a fresh approval and removes the ralplan label left by an earlier block', () => {
    const decision = labelGateDecision(input({ requireApproval: true, approval: approvedAt(PRD.sha), labels: ['ralplan', 'ralph'] }));
    expect(decision).toEqual({ kind: 'dispatch', mode: 'ralph', plan: PRD.path, via: 'planning_complete', removeLabels: ['ralplan'] });
  });

  it('does not let a ralplan label added first wave an incomplete plan through', () => {
    expect(labelGateDecision(input({ labels: ['ralplan', 'ralph'], gate: blocked }))).toMatchObject({
      kind: 'blocked',
      removeLabels: ['ralph'],
    });
  });

  it('honours force: / ! only for senders who may bypass', () => {
    const text = 'force: ship it now';
    expect(labelGateDecision(input({ gate: blocked, issueText: text, actorMayBypass: false })).kind).toBe('blocked');
    expect(labelGateDecision(input({ gate: blocked, issueText: text, actorMayBypass: true }))).toMatchObject({
      kind: 'dispatch',
      via: 'bypass',
    });
    expect(labelGateDecision(input({ gate: blocked, issueText: '! now', actorMayBypass: true }))).toMatchObject({
      kind: 'dispatch',
      via: 'bypass',
    });
  });

  it('lets a well-specified request through only when allowed and approval is not required', () => {
    const text = 'Fix the crash in src/widget/render.ts: `renderWidget()` throws TypeError when items is empty.';
    const noPlan: PlansGateDetails = { layout: 'omx', dir: '.omx/plans/', status: 'BLOCKED', missing: ['prd-*.md', 'test-spec-*.md'] };
    expect(labelGateDecision(input({ gate: noPlan, issueText: text })).kind).toBe('blocked');
    expect(labelGateDecision(input({ gate: noPlan, issueText: text, allowWellSpecified: true }))).toEqual({
      kind: 'dispatch',
      mode: 'ralph',
      via: 'well_specified',
      removeLabels: [],
    });
    expect(labelGateDecision(input({ gate: noPlan, issueText: text, allowWellSpecified: true, requireApproval: true })).kind).toBe(
      'blocked',
    );
  });

  it('treats a gate that is not required as complete and approved', () => {
    const notRequired: PlansGateDetails = {
      layout: 'omx',
      dir: '.omx/plans/',
      status: 'NOT_REQUIRED',
      missing: [],
      reason: 'not required',
    };
    expect(labelGateDecision(input({ gate: notRequired, requireApproval: true }))).toMatchObject({
      kind: 'dispatch',
      via: 'planning_complete',
    });
  });

  it('blocks when the planning gate did not run at all', () => {
    const decision = labelGateDecision(input({ gate: undefined }));
    expect(decision).toMatchObject({ kind: 'blocked' });
    expect((decision as { reasonText: string }).reasonText).toContain('the planning gate did not run');
  });

  it('uses the configured label names', () => {
    const config = configSchema.parse({ ralph: { labels: { run: ['go'], team: ['crew'], plan: 'needs-plan', cancel: 'stop' } } });
    const base = { ...input(), config };
    expect(labelGateDecision({ ...base, addedLabel: 'crew', labels: ['crew'] })).toMatchObject({ kind: 'dispatch', mode: 'team' });
    expect(labelGateDecision({ ...base, addedLabel: 'go', labels: ['go'], gate: blocked })).toMatchObject({
      kind: 'blocked',
      addLabel: 'needs-plan',
      removeLabels: ['go'],
    });
    expect(labelGateDecision({ ...base, addedLabel: 'ralph', labels: ['ralph'] }).kind).toBe('ignored');
    expect(labelGateDecision({ ...base, addedLabel: 'go', labels: ['go', 'stop'] }).kind).toBe('ignored');
  });
});
