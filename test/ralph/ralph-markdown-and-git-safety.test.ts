import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRalphEvent } from '../../src/core/ralph/ralph-machine.js';
import { createRalphState } from '../../src/core/ralph/ralph-state.js';
import { renderPrBody } from '../../src/core/ralph/render-pr-body.js';
import { renderRunMarkdown } from '../../src/core/ralph/render-run-markdown.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { listDirtyPaths } from '../../src/ralph/plangate-git-view.js';
import { prepareRalphBranch, publishRalphBranch, ralphBranchName } from '../../src/ralph/ralph-branch.js';
import { REPO_ROOT } from '../support/paths.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { testPrograms } from '../support/trusted-programs.js';

const hostileTitle = 'Ping @octocat <img src=x onerror=alert(1)> | pipe `tick`';

function stateWithHostileStory() {
  let state = createRalphState({
    runId: 'r1',
    plan: '.omx/plans/prd-demo.md',
    stories: [{ id: 'US-1', title: hostileTitle, description: '', criteria: [], priority: 1, verify: ['echo "a|b" `x`'], passes: false }],
    verify: [],
    maxIterations: 3,
    maxStoryAttempts: 3,
  });
  state = applyRalphEvent(state, { type: 'baseline_recorded', results: [] });
  state = applyRalphEvent(state, { type: 'agent_started', storyId: 'US-1', iteration: 1 });
  state = applyRalphEvent(state, { type: 'agent_finished', exitCode: 2, timedOut: false });
  return applyRalphEvent(state, {
    type: 'verify_finished',
    results: [{ command: 'echo "a|b" `x`', passed: false, exitCode: 1, scope: 'story' }],
  });
}

describe('run comment and PR body', () => {
  it('escape story text from the repository: no mention, no HTML, no table break-out', () => {
    const state = stateWithHostileStory();
    const comment = renderRunMarkdown({ state, header: [RUN_COMMENT_MARKER], maxLength: 65_536 });
    const row = comment.split('\n').find((l) => l.startsWith('| 1 |'))!;
    expect(comment.startsWith(`${RUN_COMMENT_MARKER}\n### plangate ralph: 🔁 running · iteration 1/3`)).toBe(true);
    expect(row).not.toContain('@octocat');
    expect(row).not.toContain('<img');
    // Exactly the 7 pipes of a six-column row: content pipes are escaped or inside <code>.
    expect(
      row
        .replace(/\\\|/g, '')
        .replace(/<code>.*?<\/code>/g, '')
        .split('|'),
    ).toHaveLength(8);
    expect(row).toContain('agent exited 2');
    const body = renderPrBody({ state, issue: 7 });
    expect(body).not.toContain('@octocat');
    expect(body).not.toContain('<img');
    expect(body.startsWith('Refs #7')).toBe(true);
  });

  it('stays under the length it is given', () => {
    const state = stateWithHostileStory();
    expect(renderRunMarkdown({ state, maxLength: 300 }).length).toBeLessThanOrEqual(300);
  });
});

describe('git safety', () => {
  it('never resets, force-pushes or pushes to another ref in the runner sources', () => {
    const dir = join(REPO_ROOT, 'src/ralph');
    const sources =
      readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .join('\n') + readFileSync(join(REPO_ROOT, 'src/action/ralph-mode.ts'), 'utf8');
    expect(sources).not.toMatch(/'reset'|--hard|--force|'-f'|\+refs\//);
    expect(sources.match(/'push'/g)).toHaveLength(1);
  });

  it('moves onto a plangate/ralph-* branch and refuses the default branch or any other name', async () => {
    const bare = new TempGitRepo('plangate-bare-');
    const repo = new TempGitRepo();
    try {
      repo.write({ 'a.txt': 'a\n' });
      const main = repo.commit('a');
      repo.git('remote', 'add', 'origin', bare.dir);
      repo.write({ 'dirty.txt': 'kept\n' });
      expect(ralphBranchName(12, 'demo')).toBe('plangate/ralph-12-demo');
      await expect(prepareRalphBranch(testPrograms(), repo.dir, 'main', 'main')).rejects.toThrow(/never on the default branch main/);
      await expect(prepareRalphBranch(testPrograms(), repo.dir, 'feature/x', 'main')).rejects.toThrow(
        /only on plangate\/ralph-\* branches/,
      );
      expect(await prepareRalphBranch(testPrograms(), repo.dir, 'plangate/ralph-12-demo', 'main')).toMatchObject({
        startSha: main,
        pushUrl: bare.dir,
        branch: 'plangate/ralph-12-demo',
      });
      expect(repo.git('symbolic-ref', '--short', 'HEAD')).toBe('plangate/ralph-12-demo');
      expect(repo.git('status', '--porcelain')).toBe('?? dirty.txt');
    } finally {
      repo.cleanup();
      bare.cleanup();
    }
  });

  it('commits only what the run changed, then pushes the branch without force', async () => {
    const bare = new TempGitRepo('plangate-bare-');
    const repo = new TempGitRepo();
    try {
      bare.git('config', 'receive.denyCurrentBranch', 'ignore');
      repo.write({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' });
      repo.commit('base');
      repo.git('remote', 'add', 'origin', bare.dir);
      repo.write({ 'dirty-kept.txt': 'mine\n', 'dirty-edited.txt': 'before\n', 'b.txt': 'b, staged by hand\n' });
      repo.git('add', 'b.txt');
      const baseline = (await listDirtyPaths(testPrograms(), repo.dir))!;
      const prepared = await prepareRalphBranch(testPrograms(), repo.dir, 'plangate/ralph-3-demo', 'main');
      // What the run does: a new file, an edit to a file that was dirty before, a deletion, its own state.
      repo.write({ 'new.txt': 'n\n', 'dirty-edited.txt': 'after\n', '.plangate/ralph/r/state.json': '{}' });
      repo.remove('c.txt');
      const pushed = await publishRalphBranch({ prepared, baseline, message: 'ralph: demo', credentials: [] });
      expect(pushed.committedPaths).toEqual(['c.txt', 'dirty-edited.txt', 'new.txt']);
      expect(bare.git('show', '--name-status', '--format=', 'refs/heads/plangate/ralph-3-demo').split('\n')).toEqual([
        'D\tc.txt',
        'A\tdirty-edited.txt',
        'A\tnew.txt',
      ]);
      expect(bare.git('rev-parse', 'refs/heads/plangate/ralph-3-demo')).toBe(pushed.headSha);
      expect(bare.git('log', '--format=%an <%ae>%n%s', '-1', 'refs/heads/plangate/ralph-3-demo')).toBe(
        'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>\nralph: demo',
      );
      // Left as they were: the file dirty before the run, the hand-staged edit; the checkout's own index untouched.
      expect(repo.git('status', '--porcelain', '--', 'dirty-kept.txt', 'b.txt').split('\n').sort()).toEqual([
        '?? dirty-kept.txt',
        'M  b.txt',
      ]);
      // The remote branch moved (someone pushed): a plain push is refused, never forced.
      repo.write({ 'more.txt': 'm\n' });
      const other = new TempGitRepo('plangate-other-');
      other.git('fetch', '-q', bare.dir, 'plangate/ralph-3-demo');
      other.git('checkout', '-q', '-b', 'plangate/ralph-3-demo', 'FETCH_HEAD');
      other.write({ 'theirs.txt': 't\n' });
      other.commit('theirs');
      other.git('push', '-q', bare.dir, 'plangate/ralph-3-demo');
      other.cleanup();
      await expect(publishRalphBranch({ prepared, baseline, message: 'ralph: more', credentials: [] })).rejects.toThrow(
        /git push .* failed/,
      );
    } finally {
      repo.cleanup();
      bare.cleanup();
    }
  });
});
