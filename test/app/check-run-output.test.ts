import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { checkRunRerequestedEvent, checkSuiteRerequestedEvent, pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY, SPEC_BODY } from '../support/evaluate-files.js';

let h: AppHarness;

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

/** `count` skills without frontmatter (one error each) plus a plan with a warning and a notice. */
function skillsWithoutFrontmatter(count: number): Record<string, string> {
  const files: Record<string, string> = {
    '.omx/plans/prd-x.md': PRD_BODY.replace('- [ ] `app export', '- [ ] Tests pass\n- [ ] `app export'),
    '.omx/plans/test-spec-x.md': SPEC_BODY,
  };
  for (let i = 0; i < count; i++) files[`.github/skills/skill-${String(i).padStart(3, '0')}/SKILL.md`] = 'no frontmatter\n';
  return files;
}

/** Only the checks whose findings these batching tests count (the scanner's S100/S101 would add two per skill). */
const PLANS_AND_CATALOG = 'checks: [plans, catalog]\n';

async function openPr(files: Record<string, string | Uint8Array>, config?: string): Promise<{ pr: number; headSha: string }> {
  h.fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n', ...(config ? { '.github/plangate.yml': config } : {}) });
  // The PR also changes code, so the plan gate applies (a docs-only change needs no plan).
  const headSha = h.fake.commit('acme', 'widgets', 'feature', { 'src/app.ts': 'export {};\n', ...files });
  const pr = h.fake.addPull('acme', 'widgets', { head: 'feature' }).number;
  await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
  return { pr, headSha };
}

const PATCH_RUN = '/repos/{owner}/{repo}/check-runs/{check_run_id}';
const patches = () => h.fake.requests.filter((r) => r.route === `PATCH ${PATCH_RUN}`);

describe('check-run annotations', () => {
  beforeEach(async () => {
    h = await startAppHarness();
  });

  it('120 findings: annotations PATCHed 50 at a time, failures first, the conclusion with the last batch', async () => {
    await openPr(skillsWithoutFrontmatter(120), PLANS_AND_CATALOG);
    const run = h.fake.repo('acme', 'widgets').checkRuns[0]!;
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(run.annotations).toHaveLength(122);
    expect(patches()).toHaveLength(3);
    expect(run.annotations.slice(0, 120).every((a) => a.annotation_level === 'failure')).toBe(true);
    expect(run.annotations.slice(120).map((a) => a.annotation_level)).toEqual(['warning', 'notice']);
  });

  it('over the cap: the rest are counted in the summary, not annotated', async () => {
    await h.close();
    h = await startAppHarness({ appOptions: { annotationCap: 60 } });
    await openPr(skillsWithoutFrontmatter(100), PLANS_AND_CATALOG);
    const run = h.fake.repo('acme', 'widgets').checkRuns[0]!;
    expect(run.annotations).toHaveLength(60);
    expect(run.annotations.every((a) => a.annotation_level === 'failure')).toBe(true);
    expect(run.output.summary).toContain('42 more finding(s) with a file are not annotated');
    expect(patches()).toHaveLength(2);
  });

  it('the summary and the comment stay under GitHub limits with thousands of findings', async () => {
    await openPr(skillsWithoutFrontmatter(3000));
    const run = h.fake.repo('acme', 'widgets').checkRuns[0]!;
    expect(run.output.summary!.length).toBeLessThanOrEqual(65_535);
    expect(run.output.summary).toMatch(/more findings? not shown/);
    expect(run.annotations).toHaveLength(500);
    const comment = h.fake.repo('acme', 'widgets').comments.find((c) => c.body.includes(GATE_COMMENT_MARKER))!;
    expect(comment.body.length).toBeLessThanOrEqual(65_536);
  });
});

describe('output safety', () => {
  beforeEach(async () => {
    h = await startAppHarness();
  });

  it('names and text from the repository never @-mention anyone or inject HTML in the comment or summary', async () => {
    await openPr({
      '.omx/plans/prd-x.md': PRD_BODY,
      '.github/skills/@octocat/SKILL.md': 'no frontmatter\n',
      '.github/skills/<img src=x onerror=alert(1)>/SKILL.md': 'no frontmatter\n',
      '.github/skills/evil/SKILL.md':
        '---\nname: "@admin <b>boom</b> ![x](https://e.example/t.png)"\ndescription: "cc @security-team </details><script>alert(1)</script>"\n---\nbody\n',
    });
    const run = h.fake.repo('acme', 'widgets').checkRuns[0]!;
    const comment = h.fake.repo('acme', 'widgets').comments.find((c) => c.body.includes(GATE_COMMENT_MARKER))!;
    for (const text of [comment.body, run.output.summary!]) {
      expect(text).toContain('octocat');
      expect(text).not.toMatch(/@(octocat|admin|security-team)\b/);
      expect(text).not.toMatch(/<(img|b|script)\b/i);
      expect(text).not.toContain('</details><script>');
    }
    // Annotations are plain text on GitHub: the real path, unescaped, so it still points at the file.
    expect(run.annotations.map((a) => a.path)).toContain('.github/skills/@octocat/SKILL.md');
  });
});

describe('re-runs', () => {
  beforeEach(async () => {
    h = await startAppHarness();
  });

  it('check_run.rerequested re-evaluates into the same run, reading the PR for its body and labels', async () => {
    const { pr, headSha } = await openPr({ '.omx/plans/prd-x.md': PRD_BODY });
    const run = h.fake.repo('acme', 'widgets').checkRuns[0]!;
    expect(run.conclusion).toBe('failure');
    h.fake.repo('acme', 'widgets').issues[pr]!.body = 'Plan: none\n';
    h.fake.setPermission('acme', 'widgets', 'erin', 'maintain');
    h.fake.label('acme', 'widgets', pr, 'plangate:skip', 'erin');
    // The waiver is given for this head commit by its labeled delivery; the re-run keeps it.
    await h.deliver(
      'pull_request',
      pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'labeled', label: 'plangate:skip', sender: 'erin' }),
    );

    await h.deliver('check_run', checkRunRerequestedEvent(h.fake, 'acme', 'widgets', run.id, [pr]));

    const runs = h.fake.repo('acme', 'widgets').checkRuns.filter((r) => r.headSha === headSha);
    expect(runs).toHaveLength(1);
    // Waived, and the scan of the plan file passed: success.
    expect(runs[0]).toMatchObject({ id: run.id, status: 'completed', conclusion: 'success' });
    expect(h.fake.count('GET /repos/{owner}/{repo}/pulls/{pull_number}')).toBe(1);
    expect(h.evaluations.at(-1)!.target).toMatchObject({
      number: pr,
      labels: ['plangate:skip'],
      trigger: { event: 'check_run', action: 'rerequested' },
    });
  });

  it('check_suite.rerequested re-evaluates the suite head; a commit with no PR gets a check run and no comment', async () => {
    const { headSha } = await openPr({ '.omx/plans/prd-x.md': PRD_BODY, '.omx/plans/test-spec-x.md': SPEC_BODY });
    const orphan = h.fake.commit('acme', 'widgets', 'other', { '.omx/plans/prd-y.md': PRD_BODY });
    await h.deliver('check_suite', checkSuiteRerequestedEvent(h.fake, 'acme', 'widgets', orphan, []));
    await h.deliver('check_suite', checkSuiteRerequestedEvent(h.fake, 'acme', 'widgets', headSha, [1]));

    const runs = h.fake.repo('acme', 'widgets').checkRuns;
    expect(runs.filter((r) => r.headSha === orphan)).toMatchObject([{ conclusion: 'failure' }]);
    expect(runs.filter((r) => r.headSha === headSha)).toMatchObject([{ conclusion: 'success' }]);
    expect(h.fake.repo('acme', 'widgets').comments.filter((c) => c.body.includes(GATE_COMMENT_MARKER))).toHaveLength(1);
  });

  it('a re-run of another check run is not ours to answer', async () => {
    const { headSha } = await openPr({ '.omx/plans/prd-x.md': PRD_BODY });
    const state = h.fake.repo('acme', 'widgets');
    state.checkRuns.push({ ...state.checkRuns[0]!, id: 99_999, name: 'lint', app: 'github-actions', headSha });
    await h.deliver('check_run', checkRunRerequestedEvent(h.fake, 'acme', 'widgets', 99_999, [1]));
    expect(h.evaluations).toHaveLength(1);
  });
});
