import { describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/tasks/check-claims.js';
import { parseClaimsFile } from '../../src/core/tasks/parse-claims-file.js';
import type { TaskStatus } from '../../src/core/tasks/task-model.js';
import { codes, lineOf, withCode } from './helpers.js';

type RawClaim = Record<string, unknown>;
const claim = (taskId: string, extra: RawClaim = {}): RawClaim => ({
  agentId: 'default',
  taskId,
  claimedAt: '2026-03-15T10:00:00.000Z',
  provenanceId: `run-${taskId}`,
  status: 'released',
  ...extra,
});
const claimsText = (claims: unknown[]) => `${JSON.stringify({ version: 1, claims }, null, 2)}\n`;
const statuses = new Map<string, TaskStatus>([
  ['T1', 'done'],
  ['T2', 'in_progress'],
  ['T3', 'todo'],
]);
const check = (claims: unknown[], extra: Partial<Parameters<typeof checkClaims>[1]> = {}) =>
  checkClaims(parseClaimsFile(claimsText(claims)), {
    taskStatus: statuses,
    taskIds: new Set(statuses.keys()),
    tasksFile: '.ralph/tasks.json',
    ttlHours: 24,
    ...extra,
  });

describe('claims.json', () => {
  it('drops an invalid entry with a warning at its line', () => {
    const text = claimsText([claim('T1'), { agentId: 'a', taskId: 'T2' }, claim('T3', { claimedAt: 'yesterday' })]);
    const parsed = parseClaimsFile(text);
    expect(parsed.claims.map((c) => c.taskId)).toEqual(['T1']);
    const invalid = withCode(parsed.diagnostics, 'claim_entry_invalid');
    expect(invalid.map((d) => d.severity)).toEqual(['warning', 'warning']);
    expect(invalid[0]!.message).toBe(
      `Claim entry 2 at claims[1] (line ${lineOf(text, '"agentId": "a"') - 1}, column 5) is invalid and was dropped: Each claim requires string agentId, taskId, claimedAt and provenanceId fields.`,
    );
    expect(invalid[1]!.message).toMatch(/claimedAt "yesterday" is not an ISO 8601 date-time\.$/);
  });

  it('reads a missing or unknown status as active (near miss: not invalid)', () => {
    const parsed = parseClaimsFile(claimsText([claim('T2', { status: undefined }), claim('T3', { status: 'paused' })]));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.claims.map((c) => c.status)).toEqual(['active', 'active']);
  });

  it('reports several active claims on one task as contested, and one active claim as not (near miss)', () => {
    const [d] = check([
      claim('T2', { status: 'active', agentId: 'a' }),
      claim('T2', { status: 'active', agentId: 'b', provenanceId: 'run-b' }),
    ]);
    expect(d).toMatchObject({
      code: 'task_claim_contested',
      severity: 'warning',
      message: 'Task T2 has contested active claims: a/run-T2, b/run-b.',
    });
    expect(check([claim('T2', { status: 'active' }), claim('T2', { status: 'released' })])).toEqual([]);
  });

  it('reports a stale canonical claim against the evaluated time, and skips staleness without a time', () => {
    const claims = [claim('T2', { status: 'active', claimedAt: '2026-03-15T10:00:00Z' })];
    const stale = check(claims, { now: new Date('2026-03-16T10:00:01Z') });
    expect(stale.map((d) => [d.code, d.message])).toEqual([
      [
        'task_claim_stale',
        'Task T2 is held by default/run-T2 but the active claim is stale from 2026-03-15T10:00:00Z (older than 24 h at 2026-03-16T10:00:01.000Z).',
      ],
    ]);
    expect(check(claims, { now: new Date('2026-03-16T09:59:59Z') })).toEqual([]);
    expect(check(claims)).toEqual([]);
    expect(check(claims, { now: new Date('2030-01-01T00:00:00Z'), ttlHours: 0 })).toEqual([]);
    expect(check(claims, { now: new Date('2026-03-15T13:00:01Z'), ttlHours: 3 })).toHaveLength(1);
  });

  it('judges staleness by the last active claim of a task (the canonical one)', () => {
    const claims = [
      claim('T2', { status: 'active', claimedAt: '2026-01-01T00:00:00Z', agentId: 'old' }),
      claim('T2', { status: 'active', claimedAt: '2026-03-16T00:00:00Z', agentId: 'new' }),
    ];
    expect(codes(check(claims, { now: new Date('2026-03-16T12:00:00Z') }))).toEqual(['task_claim_contested']);
  });

  it('reports claims for unknown tasks once per task id, and none when no task file is paired', () => {
    const claims = [claim('T9'), claim('T9'), claim('T1')];
    const [d] = check(claims);
    expect(d).toMatchObject({ code: 'claim_unknown_task', severity: 'warning' });
    expect(d!.message).toMatch(
      /^Claim for task T9 at claims\[0\] \(line \d+, column 5\) \(2 claims\) names a task id that is not in \.ralph\/tasks\.json\.$/,
    );
    expect(check(claims, { taskIds: undefined, taskStatus: undefined })).toEqual([]);
  });

  it('notes an active claim on a done task, not a released one (near miss)', () => {
    const [d] = check([claim('T1', { status: 'active' })]);
    expect(d).toMatchObject({ code: 'claim_on_done_task', severity: 'notice' });
    expect(check([claim('T1', { status: 'released' }), claim('T1', { status: 'stale' })])).toEqual([]);
  });

  it('reports a claims file that is not JSON, not an object, or has no claims array', () => {
    expect(codes(parseClaimsFile('{"claims": [}').diagnostics)).toEqual(['task_file_json_invalid']);
    expect(codes(parseClaimsFile('[]').diagnostics)).toEqual(['task_file_not_object']);
    expect(codes(parseClaimsFile('{"version": 1}').diagnostics)).toEqual(['claim_entry_invalid']);
    expect(codes(parseClaimsFile('{"version": 3, "claims": []}').diagnostics)).toEqual(['unsupported_version']);
  });
});
