import { describe, expect, it } from 'vitest';
import { MAX_PICTURE_NODES } from '../../src/core/tasks/build-graph-picture.js';
import { ralphdexConfig, ruleIds, runOn, taskFileText, t } from './helpers.js';

const goodTasks = taskFileText([t('T1', 'done'), t('T2', 'todo', { dependsOn: ['T1'] })]);
const prdJson = (stories: unknown[]) => JSON.stringify({ project: 'p', branchName: 'b', description: 'd', userStories: stories });
const story = { id: 'US-1', title: 't', description: 'd', acceptanceCriteria: ['The report names the file'], priority: 1, passes: false };

describe('runTasksCheck', () => {
  it('turns diagnostics into tasks findings with file, line, column, help and a line-free fingerprint', async () => {
    const text = taskFileText([t('T1', 'todo', { dependsOn: ['T9'] })]);
    const { findings } = await runOn({ '.ralph/tasks.json': text });
    const finding = findings.find((f) => f.ruleId === 'tasks/invalid_dependency_reference')!;
    expect(finding).toMatchObject({ check: 'tasks', severity: 'error', file: '.ralph/tasks.json', line: 4, column: 5 });
    expect(finding.help).toMatch(/dependsOn/);
    const moved = await runOn({ '.ralph/tasks.json': taskFileText([t('T0', 'done'), t('T1', 'todo', { dependsOn: ['T9'] })]) });
    const same = moved.findings.find((f) => f.ruleId === 'tasks/invalid_dependency_reference')!;
    expect(same.line).not.toBe(finding.line);
    expect(same.fingerprint).toBe(finding.fingerprint);
  });

  it('reads the task files, claims file and prd globs from config; a missing configured file is not an error', async () => {
    const config = ralphdexConfig({
      tasks: {
        files: ['work/tasks.json', 'absent/tasks.json'],
        claims: 'work/claims.json',
        prdFiles: ['specs/**/prd.json', '!specs/old/**'],
      },
    });
    const { findings } = await runOn(
      {
        '.ralph/tasks.json': taskFileText([t('T1', 'todo', { dependsOn: ['gone'] })]),
        'work/tasks.json': goodTasks,
        'work/claims.json': JSON.stringify({
          version: 1,
          claims: [{ agentId: 'a', taskId: 'T7', claimedAt: '2026-01-01T00:00:00Z', provenanceId: 'p' }],
        }),
        'specs/a/prd.json': prdJson([]),
        'specs/old/prd.json': prdJson([]),
      },
      { config },
    );
    expect(findings.filter((f) => f.severity !== 'notice').map((f) => [f.ruleId, f.file])).toEqual([
      ['tasks/claim_unknown_task', 'work/claims.json'],
      ['tasks/prd_no_stories', 'specs/a/prd.json'],
    ]);
  });

  it('checks prd-*.json sidecars in the plans directory, not in its sub-folders', async () => {
    const config = ralphdexConfig({ plans: { dir: '.omx/plans' } });
    const { findings } = await runOn(
      {
        '.omx/plans/prd-20260101T000000Z-gate.json': prdJson([{ ...story, passes: 'no' }]),
        '.omx/plans/archive/prd-old.json': prdJson([]),
        '.omx/plans/prd-20260101T000000Z-gate.md': '# PRD',
      },
      { config },
    );
    expect(findings.map((f) => [f.ruleId, f.file])).toEqual([['tasks/prd_invalid', '.omx/plans/prd-20260101T000000Z-gate.json']]);
  });

  it('validates the default prd.json locations', async () => {
    const { findings } = await runOn({ '.omc/prd.json': prdJson([story]), 'prd.json': '{"project": 1}' });
    expect(findings.map((f) => [f.ruleId, f.file])).toEqual(Array(4).fill(['tasks/prd_invalid', 'prd.json']));
  });

  it('warns about committed lock files next to the task and claims files, and not about other files (near miss)', async () => {
    const { findings } = await runOn({
      '.ralph/tasks.json': goodTasks,
      '.ralph/tasks.lock': '',
      '.ralph/state.lock': '',
      '.ralph/claims.json.lock': '',
      '.ralph/other.lock': '',
      'tasks.lock': '',
    });
    expect(findings.filter((f) => f.ruleId === 'tasks/lock_file_committed').map((f) => [f.file, f.severity])).toEqual([
      ['.ralph/tasks.lock', 'warning'],
      ['.ralph/state.lock', 'warning'],
      ['.ralph/claims.json.lock', 'warning'],
    ]);
  });

  it('pairs claims with the task file and ages them against the commit time unless the context sets now', async () => {
    const files = {
      '.ralph/tasks.json': goodTasks,
      '.ralph/claims.json': JSON.stringify({
        version: 1,
        claims: [
          { agentId: 'a', taskId: 'T2', claimedAt: '2026-03-01T00:00:00Z', provenanceId: 'p1', status: 'active' },
          { agentId: 'b', taskId: 'T1', claimedAt: '2026-03-01T00:00:00Z', provenanceId: 'p2', status: 'active' },
        ],
      }),
    };
    const byCommit = await runOn(files, { commitTime: new Date('2026-03-03T00:00:00Z') });
    expect(ruleIds(byCommit.findings, ['warning', 'notice'])).toEqual([
      'tasks/claim_on_done_task',
      'tasks/next_task',
      'tasks/task_claim_stale',
      'tasks/task_claim_stale',
    ]);
    const byContext = await runOn(files, {
      commitTime: new Date('2026-03-03T00:00:00Z'),
      context: { now: new Date('2026-03-01T12:00:00Z') },
    });
    expect(ruleIds(byContext.findings, ['warning'])).toEqual([]);
    const noTime = await runOn(files);
    expect(ruleIds(noTime.findings, ['warning'])).toEqual([]);
    const ttl = await runOn(files, {
      commitTime: new Date('2026-03-03T00:00:00Z'),
      config: ralphdexConfig({ tasks: { claimTtlHours: 0 } }),
    });
    expect(ruleIds(ttl.findings, ['warning'])).toEqual([]);
  });

  it('reads a UTF-16 task file with a byte-order mark, and reports absurd nesting instead of overflowing', async () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Buffer.from(taskFileText([t('T1', 'todo', { dependsOn: ['T2'] })]), 'utf16le')),
    ]);
    expect(ruleIds((await runOn({ '.ralph/tasks.json': utf16 })).findings)).toEqual(['tasks/invalid_dependency_reference']);
    const deep = await runOn({ '.ralph/tasks.json': `{"tasks": ${'['.repeat(10_000)}${']'.repeat(10_000)}}` });
    expect(deep.findings.map((f) => [f.ruleId, f.line])).toEqual([['tasks/task_file_json_invalid', 1]]);
    expect(deep.findings[0]!.message).toMatch(/Nesting deeper than 512 levels/);
  });

  it('knows the ids of task entries that failed to normalise, so their claims are not "unknown"', async () => {
    const claim = (taskId: string) => ({ agentId: 'a', taskId, claimedAt: '2026-03-01T00:00:00Z', provenanceId: 'p', status: 'released' });
    const { findings } = await runOn({
      '.ralph/tasks.json': taskFileText([t('T1', 'done'), { id: 'T5', title: 5, status: 'todo' }]),
      '.ralph/claims.json': JSON.stringify({ version: 1, claims: [claim('T5'), claim('T1'), claim('T6')] }),
    });
    expect(findings.filter((f) => f.ruleId === 'tasks/claim_unknown_task').map((f) => f.message)).toEqual([
      expect.stringMatching(/^Claim for task T6 at claims\[2\]/),
    ]);
  });

  it('draws the affected part of the graph when it has problems, and nothing when it has none', async () => {
    const { output } = await runOn({
      '.ralph/tasks.json': taskFileText([
        t('A', 'todo', { dependsOn: ['B'] }),
        t('B', 'todo', { dependsOn: ['A'] }),
        t('C', 'todo', { dependsOn: ['X'] }),
        t('D', 'done'),
      ]),
    });
    expect(output.details?.graphs).toEqual([
      {
        title: '.ralph/tasks.json: dependency cycle, missing dependency',
        file: '.ralph/tasks.json',
        nodes: [
          { id: 'A', status: 'todo', problem: true },
          { id: 'B', status: 'todo', problem: true },
          { id: 'C', status: 'todo' },
          { id: 'X', status: 'missing', problem: true },
        ],
        edges: [
          { from: 'A', to: 'B', kind: 'dependsOn', problem: true },
          { from: 'B', to: 'A', kind: 'dependsOn', problem: true },
          { from: 'C', to: 'X', kind: 'dependsOn', problem: true },
        ],
        omitted: 0,
      },
    ]);
    expect((await runOn({ '.ralph/tasks.json': goodTasks })).output.details).toBeUndefined();
  });

  it('caps the picture at 60 nodes and counts the rest of a long cycle', async () => {
    const n = 500;
    const tasks = Array.from({ length: n }, (_, i) => t(`N${i}`, 'todo', { dependsOn: [`N${(i + 1) % n}`] }));
    const { output } = await runOn({ '.ralph/tasks.json': taskFileText(tasks) });
    const [picture] = output.details!.graphs!;
    expect(picture!.nodes).toHaveLength(MAX_PICTURE_NODES);
    expect(picture!.omitted).toBe(n - MAX_PICTURE_NODES);
    expect(picture!.edges).toHaveLength(MAX_PICTURE_NODES - 1);
  });
});
