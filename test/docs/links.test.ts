import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFinding } from '../../src/core/finding.js';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';
import { DOCS_URL, ruleDocsPath } from '../../src/render/markdown/rule-notes.js';
import { renderSarif } from '../../src/render/sarif.js';
import { REPO_ROOT } from '../support/paths.js';
import { scanReport } from '../support/scan-report.js';
import { brokenReason, githubSlug, linksOf } from './support/check-links.js';

function markdownFiles(dir: string): string[] {
  const files: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  }
  return files.sort();
}

const DOCS = [
  join(REPO_ROOT, 'README.md'),
  join(REPO_ROOT, 'CONTRIBUTING.md'),
  join(REPO_ROOT, 'SECURITY.md'),
  ...markdownFiles(join(REPO_ROOT, 'docs')),
  ...markdownFiles(join(REPO_ROOT, 'examples')),
];

describe('every link in the README and docs/ resolves', () => {
  it.each(DOCS.map((f) => relative(REPO_ROOT, f)))('%s', (file) => {
    const broken = linksOf(join(REPO_ROOT, file))
      .map((link) => ({ ...link, why: brokenReason(link.url, join(REPO_ROOT, file), REPO_ROOT) }))
      .filter((link) => link.why)
      .map((link) => `${file}:${link.line} ${link.url} — ${link.why}`);
    expect(broken).toEqual([]);
  });
});

describe('links plangate writes into its output resolve', () => {
  it('every SARIF helpUri points at a rule heading or anchor that exists', () => {
    const findings = [
      makeFinding({ check: 'scan', ruleId: 'S001', level: 'HIGH', severity: 'error', file: 'a/SKILL.md', line: 1, message: 'm' }),
    ];
    const report = scanReport(findings);
    const sarif = JSON.parse(renderSarif(report));
    const uris: string[] = sarif.runs[0].tool.driver.rules.map((r: { helpUri?: string }) => r.helpUri).filter(Boolean);
    expect(uris.length).toBe(SCAN_RULES.length);
    for (const uri of uris) expect(brokenReason(uri, join(REPO_ROOT, 'README.md'), REPO_ROOT), uri).toBeUndefined();
  });

  it('every rule reference the PR comment links to exists', () => {
    const ids = [
      ...SCAN_RULES.map((r) => r.id),
      'plans/missing_prd',
      'tasks/dependency_cycle',
      'skills/name_missing',
      'catalog/skill_missing',
      'scan/no_files',
    ];
    for (const id of ids)
      expect(brokenReason(`${DOCS_URL}/${ruleDocsPath(id)}`, join(REPO_ROOT, 'README.md'), REPO_ROOT), id).toBeUndefined();
  });
});

describe('the link checker', () => {
  it('follows GitHub’s heading ids', () => {
    expect(githubSlug('The Action: `mode: ralph`')).toBe('the-action-mode-ralph');
    expect(githubSlug('`.ralph/tasks.json` (Ralphdex, version 2)')).toBe('ralphtasksjson-ralphdex-version-2');
    expect(githubSlug('Config (`ralph:` in `.github/plangate.yml`)')).toBe('config-ralph-in-githubplangateyml');
    expect(githubSlug('what_it does — now')).toBe('what_it-does--now');
  });

  it('reports a missing file and a missing anchor', () => {
    const readme = join(REPO_ROOT, 'README.md');
    expect(brokenReason('docs/nope.md', readme, REPO_ROOT)).toMatch(/does not exist/);
    expect(brokenReason('docs/config.md#nope', readme, REPO_ROOT)).toMatch(/no heading or anchor #nope/);
    expect(brokenReason('docs/config.md#plan-layouts', readme, REPO_ROOT)).toBeUndefined();
    expect(brokenReason('https://github.com/plangate/plangate/blob/main/docs/rules/scan.md#nope', readme, REPO_ROOT)).toMatch(
      /no heading or anchor/,
    );
    expect(brokenReason('https://example.com/anything#x', readme, REPO_ROOT)).toBeUndefined();
  });
});
