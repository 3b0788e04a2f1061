import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathsToPrefetch } from '../../src/app/pull-request/paths-to-prefetch.js';
import { evaluate } from '../../src/core/evaluate.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import type { RepoSnapshot, SnapshotEntry } from '../../src/core/snapshot.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { CORPUS, EXAMPLES, REPO_ROOT } from '../support/paths.js';
import { PRD_BODY, SPEC_BODY } from '../support/evaluate-files.js';

/** A snapshot that remembers every file a check read. */
class RecordingSnapshot implements RepoSnapshot {
  readonly reads = new Set<string>();
  readonly label: string;
  constructor(private readonly inner: RepoSnapshot) {
    this.label = inner.label;
  }
  entries(): readonly SnapshotEntry[] {
    return this.inner.entries();
  }
  entry(path: string): SnapshotEntry | undefined {
    return this.inner.entry(path);
  }
  readBytes(path: string): Promise<Uint8Array | undefined> {
    this.reads.add(path);
    return this.inner.readBytes(path);
  }
  readLink(path: string): Promise<string | undefined> {
    return this.inner.readLink(path);
  }
  blobSha(path: string): Promise<string | undefined> {
    return this.inner.blobSha(path);
  }
  skippedDirs(): readonly string[] {
    return this.inner.skippedDirs?.() ?? [];
  }
}

/** What the checks read and what the App would have fetched for them up front. */
async function readsAndPrefetch(tree: RepoSnapshot, configText?: string, planRef?: string) {
  const snapshot = new RecordingSnapshot(tree);
  const result = await evaluate({
    snapshot,
    configText,
    configFile: '.github/plangate.yml',
    context: planRef ? { prBody: `Plan: ${planRef}` } : {},
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  const prefetch = new Set(pathsToPrefetch(snapshot, result.config, planRef));
  const plansDir = `${result.config.plans.dir.replace(/\/+$/, '')}/`;
  return {
    checks: result.config.enabledChecks,
    /** Read, but not fetched up front: each one a drift between a check and the prefetch. */
    missed: [...snapshot.reads].filter((p) => !prefetch.has(p)).sort(),
    /** Fetched but not read: only plan files the gate lists and does not pick. */
    unread: [...prefetch]
      .filter((p) => !snapshot.reads.has(p) && !(p.startsWith(plansDir) && !p.slice(plansDir.length).includes('/')))
      .sort(),
  };
}

const SURFACES = {
  '.claude/skills/good/SKILL.md': '---\nname: good\ndescription: Formats notes.\n---\n\nWrite a list.\n',
  '.claude/commands/deploy.md': 'Deploy with `make deploy`.\n',
  '.clinerules/style.md': 'Use tabs.\n',
  '.mcp.json': '{"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp@1.2.3"]}}}\n',
  'plugins/p/commands/x.md': 'Run the tests.\n',
  'skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Reads PDFs.\n---\n\nRead it.\n',
  'skills/vendor/theirs/SKILL.md': '---\nname: theirs\ndescription: Theirs.\n---\n\nX.\n',
  'skills/vendor/ours/SKILL.md': '---\nname: ours\ndescription: Ours.\n---\n\nY.\n',
  '.omx/plans/prd-a.md': PRD_BODY,
  '.omx/plans/test-spec-a.md': SPEC_BODY,
  '.omx/plans/prd-b.md': PRD_BODY,
  'src/a.ts': 'export {};\n',
};

describe("the App's prefetch comes from the checks' own planning functions", () => {
  for (const example of ['omc', 'omp', 'omx-blocked', 'omx-complete', 'ralphdex', 'spiral']) {
    it(`examples/${example}: every file a check reads was fetched up front, and nothing else`, async () => {
      const seen = await readsAndPrefetch(await LocalDirSnapshot.open(join(EXAMPLES, example)));
      expect(seen.checks.length).toBeGreaterThan(0);
      expect(seen.missed).toEqual([]);
      expect(seen.unread).toEqual([]);
    });
  }

  it('the real oh-my-copilot repository (skills, agents, catalog, plans) and every layout fixture', async () => {
    for (const dir of [
      join(CORPUS, 'real/oh-my-copilot'),
      ...['plugins', 'agents-only', 'omc-plans', 'skills-collection'].map((l) => join(REPO_ROOT, 'test/fixtures/layouts', l)),
    ]) {
      const seen = await readsAndPrefetch(await LocalDirSnapshot.open(dir));
      expect({ dir, missed: seen.missed, unread: seen.unread }).toEqual({ dir, missed: [], unread: [] });
    }
  });

  it('agent surfaces outside scan.paths, an ordered scan.paths with a re-included folder, and a `Plan:` reference', async () => {
    const config = 'scan:\n  paths: ["skills/**", "!skills/vendor/**", "skills/vendor/ours/**"]\n';
    const seen = await readsAndPrefetch(new MemorySnapshot(SURFACES), config, '.omx/plans/prd-a.md');
    expect(seen.checks).toContain('scan');
    expect(seen.missed).toEqual([]);
    expect(seen.unread).toEqual([]);
  });
});
