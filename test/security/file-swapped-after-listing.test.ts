import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/core/config/resolve-config.js';
import { scanRepository } from '../../src/core/scan/run-scan-check.js';
import { runTasksCheck } from '../../src/core/tasks/run-tasks-check.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';

// Threat: a file the listing saw is replaced (by a link to a secret, or a folder) before a check
// reads it. The read never follows the link, and the file is not silently left out: unread fails.
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

async function scanAfter(swap: (file: string) => void) {
  const root = mkdtempSync(join(tmpdir(), 'plangate-swap-'));
  dirs.push(root);
  const skill = join(root, '.claude/skills/demo');
  mkdirSync(skill, { recursive: true });
  writeFileSync(join(skill, 'SKILL.md'), '---\nname: demo\ndescription: A demo.\n---\nHello.\n');
  writeFileSync(join(skill, 'helper.sh'), 'echo ok\n');
  const snapshot = await LocalDirSnapshot.open(root);
  swap(join(skill, 'helper.sh'));
  const config = resolveConfig(undefined, { presets: [], skillRoots: ['.claude/skills'] }, 'test');
  return scanRepository(snapshot, config, {});
}

describe('a file swapped between the listing and the read', () => {
  it('is reported as unread (an error), never read through a link', async () => {
    const out = await scanAfter((file) => {
      unlinkSync(file);
      symlinkSync('/etc/passwd', file);
    });
    const unread = out.findings.filter((f) => f.ruleId === 'scan/file_unreadable');
    expect(unread).toEqual([expect.objectContaining({ file: '.claude/skills/demo/helper.sh', severity: 'error' })]);
    expect(JSON.stringify(out.findings)).not.toContain('root:');
  });

  it('is reported as unread when it became a folder', async () => {
    const out = await scanAfter((file) => {
      unlinkSync(file);
      mkdirSync(file);
    });
    expect(out.findings).toContainEqual(expect.objectContaining({ ruleId: 'scan/file_unreadable', file: '.claude/skills/demo/helper.sh' }));
  });

  it('leaves an unchanged tree without that error', async () => {
    const out = await scanAfter(() => undefined);
    expect(out.findings.filter((f) => f.ruleId === 'scan/file_unreadable')).toEqual([]);
  });
});

describe('a Ralphdex task, claims or PRD file swapped between the listing and the read', () => {
  it('is reported as unread (an error) by the tasks check, never taken as valid', async () => {
    const root = mkdtempSync(join(tmpdir(), 'plangate-swap-tasks-'));
    dirs.push(root);
    mkdirSync(join(root, '.ralph'), { recursive: true });
    writeFileSync(join(root, '.ralph/tasks.json'), '{"version": 2, "tasks": [{"id": "T1", "title": "One", "status": "todo"}]}\n');
    writeFileSync(join(root, '.ralph/claims.json'), '{"version": 1, "claims": []}\n');
    const snapshot = await LocalDirSnapshot.open(root);
    const config = resolveConfig(undefined, { presets: ['ralphdex'], skillRoots: [] }, 'test');
    const before = await runTasksCheck(snapshot, config, { now: new Date(0) });
    expect(before.findings.filter((f) => f.ruleId === 'tasks/file_unreadable')).toEqual([]);
    for (const file of ['.ralph/tasks.json', '.ralph/claims.json']) {
      unlinkSync(join(root, file));
      symlinkSync('/etc/passwd', join(root, file));
    }
    const out = await runTasksCheck(snapshot, config, { now: new Date(0) });
    expect(out.findings.filter((f) => f.ruleId === 'tasks/file_unreadable').map((f) => [f.file, f.severity])).toEqual([
      ['.ralph/tasks.json', 'error'],
      ['.ralph/claims.json', 'error'],
    ]);
  });
});
