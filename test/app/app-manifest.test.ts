import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createPlangateApp } from '../../src/app/index.js';
import { handledEvents } from '../../src/app/queue/handled-events.js';
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

  it('every event a handler listens to is subscribed (read from the App as it registers its handlers)', () => {
    const listened = new Set([...handledEvents(createPlangateApp())].map((name) => name.split('.')[0]!));
    expect(listened).not.toContain('*');
    expect([...listened].sort()).toEqual([...manifest.default_events].sort());
  });
});
