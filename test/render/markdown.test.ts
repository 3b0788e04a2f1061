import { describe, expect, it } from 'vitest';
import { makeFinding, type Finding } from '../../src/core/finding.js';
import { countSeverities, type Report } from '../../src/core/report.js';
import { LIMITS, renderMarkdown } from '../../src/render/markdown.js';
import { renderText } from '../../src/render/text.js';
import { renderJson } from '../../src/render/json.js';
import { scanRuleById } from '../../src/core/scan/rules/all-rules.js';
import { renderMessage } from '../../src/core/markdown-safe.js';
import { BLOCKED_PR_LINKS, blockedPullRequestReport } from './support/blocked-pull-request.js';

function reportWith(findings: Finding[], extra: Partial<Report> = {}): Report {
  const counts = countSeverities(findings);
  return {
    version: 1,
    tool: 'plangate',
    gate: 'blocked',
    checks: {
      plans: { status: 'fail', errors: counts.error, warnings: counts.warning, notices: counts.notice },
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

/** The text of one section: from its heading or summary to the next section. */
function section(body: string, start: RegExp): string {
  const from = body.search(start);
  expect(from, `section ${start}`).toBeGreaterThanOrEqual(0);
  const rest = body.slice(from + 1);
  const next = rest.search(/\n(#### |<details><summary>)/);
  return next < 0 ? rest : rest.slice(0, next);
}

describe('markdown renderer', () => {
  it('shows the oh-my-codex overlay and the checks table', () => {
    const body = renderMarkdown(reportWith([finding(1)]), { maxLength: LIMITS.comment, header: '<!-- plangate:gate -->' });
    expect(body.startsWith('<!-- plangate:gate -->\n### ❌ plangate: FAIL')).toBe(true);
    expect(body).toContain('**Ralph Ralplan-First Gate:** BLOCKED');
    expect(body).toContain('- Missing: `prd-*.md`, `test-spec-*.md`');
    expect(body).toContain('| plans | ❌ fail | 1 |');
  });

  it('fits every GitHub limit and points at the full report for what it left out', () => {
    const many = Array.from({ length: 5000 }, (_, i) => finding(i));
    for (const limit of [LIMITS.comment, LIMITS.checkRunSummary]) {
      const body = renderMarkdown(reportWith(many), {
        maxLength: limit,
        fullReport: '[the check run](https://github.com/acme/widgets/runs/7)',
      });
      expect(body.length).toBeLessThanOrEqual(limit);
      const shown = (body.match(/problem number \d+/g) ?? []).length;
      expect(shown).toBeGreaterThan(300);
      expect(body).toContain(
        `… ${5000 - shown} more findings not shown here: every finding is in [the check run](https://github.com/acme/widgets/runs/7).`,
      );
    }
    const summary = renderMarkdown(reportWith(many), { maxLength: LIMITS.jobSummary - 1024 });
    expect(summary.length).toBeLessThanOrEqual(LIMITS.jobSummary - 1024);
    expect((summary.match(/problem number \d+/g) ?? []).length).toBe(5000);
    expect(summary).not.toContain('not shown');
  });

  it('an adapter section too long for the limit still leaves the verdict and the pointer', () => {
    const body = renderMarkdown(reportWith([finding(1)]), {
      maxLength: LIMITS.comment,
      extraSections: ['x'.repeat(LIMITS.comment)],
      fullReport: 'the job summary',
    });
    expect(body.length).toBeLessThanOrEqual(LIMITS.comment);
    expect(body).toMatch(/^### ❌ plangate: FAIL/);
    expect(body).toContain('1 more finding not shown here: every finding is in the job summary.');
  });

  it('escapes HTML, mentions and markdown coming from file names and messages', () => {
    const hostile = finding(1, '<img src=x onerror=alert(1)>.md', 'ask @octocat to `run` <script>x</script> | pipe');
    const body = renderMarkdown(reportWith([hostile]), { maxLength: LIMITS.comment });
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<script>');
    expect(body).not.toMatch(/@octocat/);
    expect(body).toContain('@&#8203;octocat');
  });

  it('draws task-graph pictures as Mermaid inside a collapsed details block', () => {
    const report = reportWith([finding(1)], {});
    report.details.graphs = [
      {
        title: 'dependency cycle',
        file: '.ralph/tasks.json',
        nodes: [
          { id: 'T1', status: 'todo', problem: true },
          { id: 'T"2`', status: 'done' },
        ],
        edges: [{ from: 'T1', to: 'T"2`', kind: 'dependsOn', problem: true }],
        omitted: 3,
      },
    ];
    const body = renderMarkdown(report, { maxLength: LIMITS.comment });
    expect(body).toMatch(/<details><summary>Task graph: dependency cycle<\/summary>\n\n```mermaid\nflowchart LR/);
    expect(body).toContain('n0["T1 (todo)"]:::problem');
    expect(body).toContain('#34;');
    expect(body).toContain('… 3 more');
    expect((body.match(/<details>/g) ?? []).length).toBe((body.match(/<\/details>/g) ?? []).length);
  });

  it('without change information, one list: errors and warnings open, notices folded', () => {
    const notice = makeFinding({
      check: 'plans',
      ruleId: 'plans/missing_adr',
      severity: 'notice',
      file: 'p.md',
      line: 1,
      message: 'no ADR here',
    });
    const body = renderMarkdown(reportWith([finding(1), notice]), { maxLength: LIMITS.comment });
    expect(body).toContain('#### Findings · 1 error');
    expect(body).not.toContain('Pre-existing');
    expect(section(body, /#### Findings/)).toContain('problem number 1');
    expect(section(body, /#### Findings/)).not.toContain('no ADR here');
    expect(section(body, /<details><summary>ℹ️ Notices: 1<\/summary>/)).toContain('no ADR here');
  });
});

describe('the comment on a blocked pull request with about 200 findings', async () => {
  const { report, changedLines } = await blockedPullRequestReport();
  const body = renderMarkdown(report, {
    maxLength: LIMITS.comment,
    header: '<!-- plangate:gate -->',
    changedLines,
    changeLabel: 'this pull request',
  });
  const fresh = section(body, /#### 🆕 New in this pull request/);
  const existing = section(body, /<details><summary>📦 Pre-existing/);

  it('is a real blocked report of about 200 findings, new and pre-existing, that fits a comment', () => {
    expect(report.findings.length).toBeGreaterThanOrEqual(190);
    expect(report.gate).toBe('blocked');
    expect(body.length).toBeLessThanOrEqual(LIMITS.comment);
    expect(body).not.toContain('not shown');
  });

  it('says the result first, then the gate, then the new findings before the folded pre-existing ones', () => {
    const lines = body.split('\n');
    expect(lines[1]).toMatch(/^### ❌ plangate: FAIL — plans, scan failed \(\d+ errors\)$/);
    expect(lines[3]).toBe('**Ralph Ralplan-First Gate:** BLOCKED');
    expect(body.indexOf('#### 🆕 New in this pull request')).toBeLessThan(body.indexOf('<details><summary>📦 Pre-existing'));
    expect(body).toMatch(
      /<details><summary>📦 Pre-existing, on lines this pull request does not touch: \d+ errors, \d+ notices<\/summary>\n\n/,
    );
  });

  it('lists a finding as new exactly when the pull request touched its lines', () => {
    // tool-00…07 are new files, tool-08…13 had their last two risky lines edited, tool-14… are untouched.
    for (const n of [0, 7]) expect(fresh).toContain(`tool-0${n}/SKILL.md`);
    expect(fresh).toContain('tool-08/SKILL.md#L13) `S006`');
    expect(fresh).toContain('tool-08/SKILL.md#L14) `S009`');
    expect(fresh).not.toContain('tool-08/SKILL.md#L8)');
    expect(existing).toContain('tool-08/SKILL.md#L8) `S001`');
    expect(existing).toContain('tool-08/SKILL.md');
    expect(fresh).not.toContain('tool-2');
    expect(existing).toContain('tool-23/SKILL.md');
  });

  it('groups by check, then by file, and says each rule’s why and fix once', () => {
    expect(fresh.indexOf('##### plans')).toBeLessThan(fresh.indexOf('##### scan'));
    expect(fresh.match(/\*\*\[`\.github\/skills\/tool-00\/SKILL\.md`\]/g)).toHaveLength(1);
    for (const id of ['S001', 'S005', 'S007']) {
      const rule = scanRuleById(id)!;
      expect(body.split(renderMessage(rule.why)).length - 1, `${id} why`).toBe(1);
      expect(body.split(`**Fix:** ${renderMessage(rule.fix)}`).length - 1, `${id} fix`).toBe(1);
      expect(body).toContain(`[Reference](https://github.com/plangate/plangate/blob/main/docs/rules/scan.md#${id.toLowerCase()})`);
    }
  });

  it('links every finding with a line to its file at the head commit', () => {
    const lineLinks =
      body.match(new RegExp(`\\]\\(https://github\\.com/acme/widgets/blob/${BLOCKED_PR_LINKS.sha}/[^)\\s]+#L\\d+(-L\\d+)?\\)`, 'g')) ?? [];
    expect(lineLinks.length).toBe(report.findings.filter((f) => f.line).length);
  });

  it('folds notices: none of them is in the open part', () => {
    expect(fresh).not.toContain('ℹ️');
    expect(body).toMatch(/<details><summary>ℹ️ New notices: \d+<\/summary>/);
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
  it('keeps our code spans as code and escapes everything around and inside them', () => {
    expect(renderMessage('No test spec matches `prd-a.md`.')).toBe('No test spec matches `prd-a.md`.');
    expect(renderMessage('File `<img src=x>` by @bob')).toBe('File <code>&lt;img src=x&gt;</code> by @&#8203;bob');
    const odd = renderMessage('name `a`b`` c | d');
    expect(odd).not.toMatch(/(?<!\\)\|/);
    expect(odd).not.toContain('<img');
  });
});
