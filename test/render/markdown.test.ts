import { describe, expect, it } from 'vitest';
import { makeFinding } from '../../src/core/finding.js';
import type { Report } from '../../src/core/report.js';
import { LIMITS, renderMarkdown } from '../../src/render/markdown.js';
import { renderText } from '../../src/render/text.js';
import { renderJson } from '../../src/render/json.js';

function reportWith(findings: ReturnType<typeof makeFinding>[], extra: Partial<Report> = {}): Report {
  const counts = { error: findings.filter((f) => f.severity === 'error').length, warning: 0, notice: 0 };
  return {
    version: 1,
    tool: 'plangate',
    gate: 'blocked',
    checks: {
      plans: { status: 'fail', errors: counts.error, warnings: 0, notices: 0 },
      tasks: { status: 'skipped', errors: 0, warnings: 0, notices: 0 },
      catalog: { status: 'skipped', errors: 0, warnings: 0, notices: 0 },
      scan: { status: 'skipped', errors: 0, warnings: 0, notices: 0 },
    },
    findings,
    counts,
    suppressed: 0,
    scanned: { files: 0, bytes: 0 },
    details: { plans: { layout: 'omx', dir: '.omx/plans/', status: 'BLOCKED', missing: ['prd-*.md', 'test-spec-*.md'] } },
    timingsMs: {},
    ...extra,
  };
}

const finding = (i: number, file = `skills/s${i}/SKILL.md`, message = `problem number ${i}`) =>
  makeFinding({ check: 'plans', ruleId: 'plans/missing_prd', severity: 'error', file, line: i + 1, message });

describe('markdown renderer', () => {
  it('shows the oh-my-codex overlay and the checks table', () => {
    const body = renderMarkdown(reportWith([finding(1)]), { maxLength: LIMITS.comment, header: '<!-- plangate:gate -->' });
    expect(body.startsWith('<!-- plangate:gate -->')).toBe(true);
    expect(body).toContain('**Ralph Ralplan-First Gate:** BLOCKED');
    expect(body).toContain('- Missing: `prd-*.md`, `test-spec-*.md`');
    expect(body).toContain('| plans | ❌ fail | 1 |');
  });

  it('fits GitHub limits and says how many findings it left out', () => {
    const many = Array.from({ length: 5000 }, (_, i) => finding(i));
    const body = renderMarkdown(reportWith(many), { maxLength: LIMITS.comment });
    expect(body.length).toBeLessThanOrEqual(LIMITS.comment);
    const shown = (body.match(/problem number \d+/g) ?? []).length;
    expect(shown).toBeGreaterThan(50);
    expect(body).toContain(`… ${5000 - shown} more findings not shown`);
  });

  it('escapes HTML, mentions and markdown coming from file names and messages', () => {
    const hostile = finding(1, '<img src=x onerror=alert(1)>.md', 'ask @octocat to `run` <script>x</script> | pipe');
    const body = renderMarkdown(reportWith([hostile]), { maxLength: LIMITS.comment });
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<script>');
    expect(body).not.toMatch(/@octocat/);
    expect(body).toContain('@&#8203;octocat');
    const row = body.split('\n').find((l) => l.includes('octocat'))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(6);
  });

  it('draws task-graph pictures as Mermaid inside a collapsed details block', () => {
    const report = reportWith([finding(1)], {});
    report.details.graphs = [{ title: 'dependency cycle', file: '.ralph/tasks.json', nodes: [{ id: 'T1', status: 'todo', problem: true }, { id: 'T"2`', status: 'done' }], edges: [{ from: 'T1', to: 'T"2`', kind: 'dependsOn', problem: true }], omitted: 3 }];
    const body = renderMarkdown(report, { maxLength: LIMITS.comment });
    expect(body).toMatch(/<details><summary>Task graph: dependency cycle<\/summary>\n\n```mermaid\nflowchart LR/);
    expect(body).toContain('n0["T1 (todo)"]:::problem');
    expect(body).toContain('#34;');
    expect(body).toContain('… 3 more');
    expect((body.match(/<details>/g) ?? []).length).toBe((body.match(/<\/details>/g) ?? []).length);
  });
});

describe('text and JSON renderers', () => {
  it('colours only when asked', () => {
    const report = reportWith([finding(1)]);
    expect(renderText(report, { color: false })).not.toContain('\u001b[');
    expect(renderText(report, { color: true })).toContain('\u001b[31m');
  });

  it('JSON keeps the contract keys and leaves timings out', () => {
    const json = JSON.parse(renderJson(reportWith([finding(1)], { timingsMs: { plans: 12 } })));
    expect(Object.keys(json)).toEqual(['version', 'tool', 'result', 'gate', 'checks', 'findings', 'counts', 'suppressed', 'scanned']);
    expect(Object.keys(json.findings[0])).toEqual(['ruleId', 'check', 'severity', 'file', 'line', 'message', 'fingerprint']);
  });
});

describe('renderMessage', () => {
  it('keeps our code spans as code and escapes everything around and inside them', async () => {
    const { renderMessage } = await import('../../src/core/markdown-safe.js');
    expect(renderMessage('No test spec matches `prd-a.md`.')).toBe('No test spec matches `prd-a.md`.');
    expect(renderMessage('File `<img src=x>` by @bob')).toBe('File <code>&lt;img src=x&gt;</code> by @&#8203;bob');
    const odd = renderMessage('name `a`b`` c | d');
    expect(odd).not.toMatch(/(?<!\\)\|/);
    expect(odd).not.toContain('<img');
  });
});
