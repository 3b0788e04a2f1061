import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { EXAMPLES } from '../support/paths.js';

const BLOCKED = join(EXAMPLES, 'omx-blocked');
const COMPLETE = join(EXAMPLES, 'omx-complete');

describe('plangate gate: one verdict, then the planning gate on its own line', () => {
  it('a bypass says PASS and labels the planning gate as bypassed (no "not gated" over a BLOCKED overlay)', async () => {
    const result = await runCli(['gate', BLOCKED, '--labels', 'ralph', '--text', 'force: ralph ship it', '--may-bypass']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('plangate gate: PASS — an approver used the force: / ! prefix, so the planning gate was bypassed');
    expect(lines[1]).toBe('planning gate: BLOCKED (bypassed) (omx layout)');
    expect(result.stdout).not.toContain('not gated');
    expect(result.stdout).not.toContain('Ralplan-First Gate');
  });

  it('a swap says FAIL with what was swapped and why, and exits 1', async () => {
    const result = await runCli(['gate', BLOCKED, '--labels', 'ralph,bug']);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('plangate gate: FAIL — ralph swapped for ralplan: the plan is incomplete');
    expect(lines[1]).toBe('planning gate: BLOCKED (omx layout)');
    expect(lines[2]).toBe('  missing: test-spec-*.md');
    expect(lines[3]).toBe('keywords: bug, ralplan');
  });

  it('a complete plan lets ralph run; JSON carries the result, the planning gate and the layout', async () => {
    const result = await runCli(['gate', COMPLETE, '--labels', 'ralph', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      result: 'pass',
      keywords: ['ralph'],
      gateApplied: false,
      gatedKeywords: [],
      reason: 'planning_complete',
      planningGate: 'unlocked',
      layout: 'omx',
    });
  });

  it('asks for labels or text with the usage line', async () => {
    const result = await runCli(['gate', COMPLETE]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('gate needs --labels and/or --text\nUsage: plangate gate');
  });
});
