import { describe, expect, it } from 'vitest';
import { PRD_BODY, evaluateFiles, ruleIds } from '../support/evaluate-files.js';

const spiralPlan = (status: string) => `---\nstatus: ${status}\n---\n${PRD_BODY}`;

describe('Spiral layout', () => {
  it('judges the latest plan by its frontmatter status', async () => {
    const ok = await evaluateFiles({
      '.spiral/plans/2026-04-01T10-00-00-a.md': spiralPlan('rejected'),
      '.spiral/plans/2026-05-01T10-00-00-b.md': spiralPlan('approved'),
    });
    expect(ok.gate).toBe('unlocked');
    expect(ok.details.plans?.prd).toBe('.spiral/plans/2026-05-01T10-00-00-b.md');
  });

  it.each([
    ['rejected', 'plans/plan_status_blocked', 'blocked'],
    ['incomplete', 'plans/plan_status_blocked', 'blocked'],
    ['pending-approval-unreviewed', 'plans/plan_unreviewed', 'unlocked'],
    ['pending-approval', undefined, 'unlocked'],
  ])('status %s → %s', async (status, code, gate) => {
    const report = await evaluateFiles({ '.spiral/plans/2026-05-01T10-00-00-b.md': spiralPlan(status) });
    expect(report.gate).toBe(gate);
    if (code) expect(ruleIds(report)).toContain(code);
    else expect(report.findings.filter((f) => f.severity !== 'notice')).toEqual([]);
  });

  it('blocks when there is no plan at all', async () => {
    const report = await evaluateFiles({ '.spiral/plans/notes.md': 'x' }, { config: 'presets: [spiral]\n' });
    expect(ruleIds(report)).toContain('plans/missing_prd');
  });
});

describe('Ralphdex layout', () => {
  it('needs .ralph/prd.md and .ralph/tasks.json', async () => {
    const complete = await evaluateFiles({ '.ralph/prd.md': PRD_BODY, '.ralph/tasks.json': '{"version":2,"tasks":[]}' });
    expect(complete.gate).toBe('unlocked');
    const noPrd = await evaluateFiles({ '.ralph/tasks.json': '{"version":2,"tasks":[]}' });
    expect(ruleIds(noPrd)).toContain('plans/missing_prd');
    const noTasks = await evaluateFiles({ '.ralph/prd.md': PRD_BODY }, { config: 'presets: [ralphdex]\n' });
    expect(ruleIds(noTasks)).toContain('plans/missing_task_graph');
    expect(noTasks.details.plans?.missing).toEqual(['tasks.json']);
  });
});
