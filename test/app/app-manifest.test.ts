import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../support/paths.js';

const manifest = parse(readFileSync(join(REPO_ROOT, 'app.yml'), 'utf8')) as {
  name: string;
  default_events: string[];
  default_permissions: Record<string, string>;
  hook_attributes: { url: string };
};

describe('app.yml', () => {
  it('declares exactly the permissions the App uses (members read only comes with team approvers, which plangate does not read)', () => {
    expect(manifest.default_permissions).toEqual({
      checks: 'write',
      pull_requests: 'write',
      issues: 'write',
      contents: 'read',
      metadata: 'read',
      actions: 'write',
    });
  });

  it('subscribes to exactly the events app.md §2 lists', () => {
    expect([...manifest.default_events].sort()).toEqual([
      'check_run',
      'check_suite',
      'issue_comment',
      'issues',
      'pull_request',
      'workflow_run',
    ]);
  });

  it('every event a handler listens to is subscribed', () => {
    const dir = join(REPO_ROOT, 'src/app/handlers');
    const listened = new Set<string>();
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/app\.on\(\s*'([a-z_]+)\./g)) listened.add(m[1]!);
      if (text.includes('`pull_request.${')) listened.add('pull_request');
    }
    expect(listened.size).toBeGreaterThan(0);
    for (const event of listened) expect(manifest.default_events).toContain(event);
  });
});
