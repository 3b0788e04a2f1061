import { describe, expect, it } from 'vitest';
import { findingsToAnnotations, MAX_ANNOTATIONS_PER_KIND } from '../../src/action/annotations.js';
import { readActionInputs } from '../../src/action/inputs.js';
import { readPullRequestEvent } from '../../src/action/pull-request-event.js';
import { makeFinding } from '../../src/core/finding.js';

describe('action inputs', () => {
  const reader = (values: Record<string, string>) => (name: string) => values[name] ?? '';

  it('applies defaults and parses lists', () => {
    const { inputs, errors } = readActionInputs(reader({ checks: 'plans, scan', comment: 'TRUE' }));
    expect(errors).toEqual([]);
    expect(inputs).toMatchObject({
      config: '.github/plangate.yml',
      checks: ['plans', 'scan'],
      comment: true,
      mode: 'check',
      workingDirectory: '.',
    });
  });

  it('names every bad input', () => {
    const { errors } = readActionInputs(reader({ checks: 'plans,lint', 'fail-on': 'critical', comment: 'yes', mode: 'deploy' }));
    expect(errors).toHaveLength(4);
    expect(errors.join('\n')).toMatch(/checks.*lint[\s\S]*fail-on[\s\S]*comment[\s\S]*mode/);
  });
});

describe('pull request events', () => {
  const payload = (baseRepo: string, headRepo: string) => ({
    pull_request: {
      number: 7,
      body: 'Plan: .omx/plans/prd-a.md',
      labels: [{ name: 'plangate:skip' }],
      base: { sha: 'a'.repeat(40), repo: { full_name: baseRepo } },
      head: { sha: 'b'.repeat(40), repo: { full_name: headRepo } },
    },
  });

  it('reads base, head, body, labels and whether the head is a fork', () => {
    expect(readPullRequestEvent('pull_request', payload('acme/w', 'acme/w'))).toEqual({
      number: 7,
      baseSha: 'a'.repeat(40),
      headSha: 'b'.repeat(40),
      body: 'Plan: .omx/plans/prd-a.md',
      labels: [{ name: 'plangate:skip' }],
      fromFork: false,
    });
    expect(readPullRequestEvent('pull_request', payload('acme/w', 'mallory/w'))?.fromFork).toBe(true);
  });

  it('handles merge_group and ignores other events', () => {
    expect(readPullRequestEvent('merge_group', { merge_group: { base_sha: 'c'.repeat(40), head_sha: 'd'.repeat(40) } })?.baseSha).toBe(
      'c'.repeat(40),
    );
    expect(readPullRequestEvent('push', payload('a', 'a'))).toBeUndefined();
    expect(readPullRequestEvent('pull_request', {})).toBeUndefined();
  });
});

describe('annotations', () => {
  const f = (severity: 'error' | 'warning' | 'notice', line?: number) =>
    makeFinding({
      check: 'scan',
      ruleId: 'S001',
      severity,
      file: 'skills/a/SKILL.md',
      line,
      column: 3,
      endColumn: 9,
      message: `m${line}`,
      title: 'remote-code-execution',
    });

  it('puts errors first, keeps file/line/col, and prefixes the working directory', () => {
    const { annotations } = findingsToAnnotations([f('notice', 1), f('error', 2)], 'sub/dir');
    expect(annotations.map((a) => a.kind)).toEqual(['error', 'notice']);
    expect(annotations[0]!.properties).toEqual({
      title: 'S001 remote-code-execution',
      file: 'sub/dir/skills/a/SKILL.md',
      startLine: 2,
      startColumn: 3,
      endColumn: 9,
    });
  });

  it('caps each kind and counts what it left out', () => {
    const many = Array.from({ length: MAX_ANNOTATIONS_PER_KIND + 7 }, (_, i) => f('warning', i + 1));
    const { annotations, omitted } = findingsToAnnotations(many, '.');
    expect(annotations).toHaveLength(MAX_ANNOTATIONS_PER_KIND);
    expect(omitted).toBe(7);
  });
});
