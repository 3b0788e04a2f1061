import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../src/core/scan/judge/capabilities.js';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';

const docs = readFileSync(new URL('../../docs/rules/scan.md', import.meta.url), 'utf8');

describe('docs/rules/scan.md', () => {
  it('has one table line per rule, with its name', () => {
    for (const rule of SCAN_RULES) {
      const line = docs.split('\n').find((l) => l.startsWith(`| ${rule.id} |`));
      expect(line, rule.id).toBeDefined();
      expect(line).toContain(rule.name);
    }
  });

  it('names every capability a finding can rest on', () => {
    for (const capability of Object.keys(CAPABILITIES)) expect(docs, capability).toContain(`\`${capability}\``);
  });

  it('documents every non-rule code the scanner emits', () => {
    for (const code of [
      'scan/no_files',
      'scan/file_too_large',
      'scan/symlink_skipped',
      'scan/invalid_utf8',
      'scan/file_unreadable',
      'scan/folder_not_scanned',
      'scan/config_unreadable',
      'scan/reference_not_scanned',
      'scan/suppression_added',
      'scan/suppression_without_reason',
      'scan/baseline_invalid',
    ]) {
      expect(docs).toContain(`\`${code}\``);
    }
  });
});
