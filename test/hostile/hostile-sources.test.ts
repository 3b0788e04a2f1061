import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/resolve-config.js';
import { evaluate } from '../../src/core/evaluate.js';
import { exitCodeFor, type Report } from '../../src/core/report.js';
import type { RepoSnapshot } from '../../src/core/snapshot.js';
import { renderJson } from '../../src/render/json.js';
import { LIMITS, renderMarkdown } from '../../src/render/markdown.js';
import { GitCommitSnapshot } from '../../src/sources/git-commit-snapshot.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { generateHostileRepo, type HostileCase } from './generate-hostile-repo.js';

let repo: TempGitRepo;
let cases: HostileCase[];
let config: string;
const reports = new Map<string, Report>();

async function evaluateWith(snapshot: RepoSnapshot): Promise<Report> {
  const result = await evaluate({
    snapshot,
    configText: config,
    configFile: '.github/plangate.yml',
    context: { now: new Date('2026-05-01T12:00:00Z') },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.report;
}

beforeAll(async () => {
  repo = new TempGitRepo('plangate-hostile-');
  ({ cases, config } = generateHostileRepo(repo.dir));
  repo.commit('hostile corpus');
  const started = performance.now();
  reports.set('local dir', await evaluateWith(await LocalDirSnapshot.open(repo.dir)));
  const git = await GitCommitSnapshot.open(repo.dir, 'HEAD');
  try {
    reports.set('git commit', await evaluateWith(git));
  } finally {
    git.close();
  }
  // Bounded: the whole corpus (10 MB file, 100k-task cycle, …) through two sources.
  expect(performance.now() - started).toBeLessThan(60_000);
}, 120_000);
afterAll(() => repo.cleanup());

const findingsFor = (report: Report, ruleId: string) => report.findings.filter((f) => f.ruleId === ruleId);

describe.each(['local dir', 'git commit'])('hostile corpus through the %s source', (source) => {
  const report = () => reports.get(source)!;

  it('never raises an internal error and still fails the run on its findings', () => {
    expect(report().findings.filter((f) => f.ruleId.endsWith('/internal_error'))).toEqual([]);
    expect(exitCodeFor(report())).toBe(1);
  });

  it('reports the 100,000-task cycle and the 10,000-deep JSON with file and line', () => {
    const cycle = findingsFor(report(), 'tasks/dependency_cycle');
    expect(cycle.length).toBeGreaterThan(0);
    expect(cycle[0]).toMatchObject({ file: '.ralph/tasks.json' });
    expect(cycle[0]!.line).toBeGreaterThanOrEqual(1);
    const deep = findingsFor(report(), 'tasks/task_file_json_invalid');
    expect(deep).toHaveLength(1);
    expect(deep[0]).toMatchObject({ file: '.ralph/deep.json', line: 1 });
    expect(deep[0]!.message).toMatch(/Nesting deeper than/);
  });

  it('flags the ../../etc skill name and the YAML bomb in frontmatter', () => {
    expect(findingsFor(report(), 'skills/name_path_traversal')).toMatchObject([
      { severity: 'error', file: '.github/skills/traversal/SKILL.md' },
    ]);
    const bomb = report().findings.filter((f) => f.file === '.github/skills/bomb/SKILL.md' && f.ruleId === 'skills/frontmatter_invalid');
    expect(bomb.length).toBe(1);
    expect(bomb[0]!.line).toBeGreaterThanOrEqual(1);
  });

  it('scans what it can and says what it could not: too large, links not followed (out of the repo: a warning), invalid UTF-8', () => {
    expect(findingsFor(report(), 'scan/file_too_large').map((f) => f.file)).toEqual(['.github/skills/huge/SKILL.md']);
    const links = findingsFor(report(), 'scan/symlink_skipped');
    expect(links.find((f) => f.file === '.github/skills/linked/SKILL.md')?.severity).toBe('warning');
    expect(links.find((f) => f.file === '.github/skills/linked/loop-a.md')?.severity).toBe('notice');
    expect(findingsFor(report(), 'scan/invalid_utf8').map((f) => f.file)).toEqual(['.github/skills/badutf8/SKILL.md']);
  });

  it('finds the remote-code execution in the UTF-16 file and behind the <img> file name', () => {
    const s001 = findingsFor(report(), 'S001').map((f) => f.file);
    expect(s001).toEqual(expect.arrayContaining(['.github/skills/utf16/SKILL.md', '.github/skills/<img src=x onerror=alert(1)>/SKILL.md']));
  });

  it('reads CRLF plans like LF ones', () => {
    expect(findingsFor(report(), 'plans/generic_criterion')).toMatchObject([{ file: '.omx/plans/prd-20260427T153100Z-crlf.md', line: 6 }]);
  });

  it('gives every finding in a file a line (whole-file notices aside: a file too large to read, a link not followed)', () => {
    const wholeFile = new Set(['scan/file_too_large', 'scan/symlink_skipped']);
    const withoutLine = report().findings.filter((f) => f.file && !wholeFile.has(f.ruleId) && f.line === undefined);
    expect(withoutLine.map((f) => `${f.ruleId} ${f.file}`)).toEqual([]);
  });

  it('renders a comment with no raw HTML, no live mention and balanced blocks, within the limit', () => {
    const body = renderMarkdown(report(), { maxLength: LIMITS.comment });
    expect(body.length).toBeLessThanOrEqual(LIMITS.comment);
    expect(body).not.toMatch(/<img/i);
    expect(body).not.toMatch(/(^|[^\w&#;])@(someone|octocat)\b/);
    expect((body.match(/<details>/g) ?? []).length).toBe((body.match(/<\/details>/g) ?? []).length);
    expect((body.match(/^```/gm) ?? []).length % 2).toBe(0);
  });
});

describe('hostile corpus across sources', () => {
  it('gives byte-identical JSON from the working tree and from the commit', () => {
    expect(renderJson(reports.get('git commit')!)).toBe(renderJson(reports.get('local dir')!));
  });

  it('lists every generated case in the tree', () => {
    expect(cases.length).toBeGreaterThanOrEqual(16);
  });

  it('rejects a YAML alias bomb in the config instead of expanding it', () => {
    const text = readFileSync(join(repo.dir, '.github/plangate-bomb.yml'), 'utf8');
    const result = loadConfig(text, '.github/plangate-bomb.yml', { presets: [], skillRoots: [] });
    expect(result.ok).toBe(false);
  });
});

it('the generator writes nothing outside its root', () => {
  const root = mkdtempSync(join(tmpdir(), 'plangate-hostile-gen-'));
  try {
    const { cases: generated } = generateHostileRepo(root);
    expect(generated.every((c) => !c.path.startsWith('/') && !c.path.split('/').includes('..'))).toBe(true);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
