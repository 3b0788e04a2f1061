import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../src/core/scan/judge/capabilities.js';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';
import { ruleDocsPath } from '../../src/render/markdown/rule-notes.js';
import { emittedRuleIds, FOREIGN_CODES } from '../support/emitted-rule-ids.js';
import { REPO_ROOT } from '../support/paths.js';

const page = (path: string) => readFileSync(join(REPO_ROOT, 'docs', path.split('#')[0]!), 'utf8');
const scanDocs = page('rules/scan.md');
const RULE_PAGES = ['rules/plans.md', 'rules/tasks.md', 'rules/catalog.md', 'rules/scan.md'];
/** plangate's own codes: snake_case (docs/rules/README.md). */
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

describe('docs/rules', () => {
  const emitted = emittedRuleIds();

  it('finds the rule ids the source emits (a sample of each kind, so a broken reader cannot pass by finding none)', () => {
    for (const id of ['S001', 'plans/missing_prd', 'tasks/dependency_cycle', 'skills/name_missing', 'catalog/skill_uncataloged'])
      expect(emitted, id).toContain(id);
    for (const id of [
      'scan/internal_error',
      'plans/internal_error',
      'scan/no_files',
      'catalog/skill_root_empty',
      'catalog/missing-skill-name',
    ])
      expect(emitted, id).toContain(id);
    expect(emitted.size).toBeGreaterThan(100);
  });

  it('documents every rule id the source can emit, on the page its findings link to', () => {
    const undocumented = [...emitted].filter((id) => !page(ruleDocsPath(id)).includes(/^S\d{3}$/.test(id) ? `| ${id} |` : `\`${id}\``));
    expect(undocumented).toEqual([]);
  });

  it('names no rule id the source cannot emit (a renamed or removed rule leaves no stale entry)', () => {
    const named = RULE_PAGES.flatMap((p) =>
      [...page(p).matchAll(/`((?:plans|tasks|catalog|skills|scan)\/[a-z0-9_-]+)`/g)].map((m) => m[1]!),
    );
    expect(named.filter((id) => !emitted.has(id))).toEqual([]);
  });

  it("spells plangate's own codes in snake_case; only oh-my-copilot's catalog codes keep that tool's kebab-case", () => {
    const misspelt = [...emitted].filter((id) => id.includes('/') && !FOREIGN_CODES.has(id) && !SNAKE_CASE.test(id.split('/')[1]!));
    expect(misspelt).toEqual([]);
    for (const id of FOREIGN_CODES) expect(emitted, id).toContain(id);
  });

  it('has one table line per scanner rule, with its name', () => {
    for (const rule of SCAN_RULES) {
      const line = scanDocs.split('\n').find((l) => l.startsWith(`| ${rule.id} |`));
      expect(line, rule.id).toBeDefined();
      expect(line).toContain(rule.name);
    }
  });

  it('names every capability a finding can rest on', () => {
    for (const capability of Object.keys(CAPABILITIES)) expect(scanDocs, capability).toContain(`\`${capability}\``);
  });
});
