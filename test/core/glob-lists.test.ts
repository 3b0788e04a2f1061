import { describe, expect, it } from 'vitest';
import { pathsToPrefetch } from '../../src/app/pull-request/paths-to-prefetch.js';
import { resolveConfig } from '../../src/core/config/resolve-config.js';
import { makeFinding } from '../../src/core/finding.js';
import { globListVerdict, matchesGlobList } from '../../src/core/glob-match.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { decidePlanRequirement } from '../../src/core/plans/plan-requirement.js';
import { applyRepoSuppressions } from '../../src/core/scan/suppress/apply-config-ignores.js';
import { selectScanFiles } from '../../src/core/scan/surfaces/select-scan-files.js';

/** A list whose last glob re-includes part of what the one before it excluded: order decides. */
const GLOBS = ['skills/**', '!skills/vendor/**', 'skills/vendor/ours/**'];
const PATHS = ['skills/pdf/notes.txt', 'skills/vendor/theirs/notes.txt', 'skills/vendor/ours/notes.txt', 'docs/notes.txt'];
const EXPECTED = ['skills/pdf/notes.txt', 'skills/vendor/ours/notes.txt'];

describe('one glob-list rule everywhere: in order, the last matching glob decides (like .gitignore)', () => {
  it('the rule itself', () => {
    expect(PATHS.map((p) => globListVerdict(p, GLOBS))).toEqual(['included', 'excluded', 'included', undefined]);
    expect(PATHS.filter((p) => matchesGlobList(p, GLOBS))).toEqual(EXPECTED);
  });

  it("scan.paths: the scanner's selection and the App's prefetch read the same files", () => {
    const snapshot = new MemorySnapshot(Object.fromEntries(PATHS.map((p) => [p, 'text\n'])));
    const selected = selectScanFiles(snapshot, GLOBS).entries.map((e) => e.path);
    const config = resolveConfig({ checks: ['scan'], scan: { paths: GLOBS } }, { presets: [], skillRoots: [] }, 'test');
    expect(selected).toEqual(EXPECTED);
    expect(pathsToPrefetch(snapshot, config).sort()).toEqual(EXPECTED);
  });

  it('scan.ignore[].paths: the same files are suppressed', () => {
    const findings = PATHS.map((file) => makeFinding({ check: 'scan', ruleId: 'S001', severity: 'error', file, message: 'x' }));
    const kept = applyRepoSuppressions(findings, [{ rule: 'S001', paths: GLOBS, reason: 'reviewed' }]).kept.map((f) => f.file);
    expect(PATHS.filter((p) => !kept.includes(p))).toEqual(EXPECTED);
  });

  it('plans.whenChanged: the same files make a change need a plan', () => {
    const config = resolveConfig({ plans: { whenChanged: GLOBS } }, { presets: ['omx'], skillRoots: [] }, 'test');
    const gated = PATHS.filter((p) => decidePlanRequirement(config.plans, { changedFiles: [p] }).applies);
    expect(gated).toEqual(EXPECTED);
  });
});
