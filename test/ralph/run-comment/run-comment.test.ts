import { describe, expect, it } from 'vitest';
import { encodeHiddenJson } from '../../../src/core/approval/hidden-json.js';
import { parseRunComment } from '../../../src/core/ralph/run-comment/parse-run-comment.js';
import { MAX_COMMENT_LENGTH, RUN_COMMENT_MARKER, renderRunComment } from '../../../src/core/ralph/run-comment/render-run-comment.js';
import { clampRunCommentData, RUN_LIMITS, type RunCommentData } from '../../../src/core/ralph/run-comment/run-comment-data.js';

const LIVE_MENTION = /(^|[^\w`])@[A-Za-z0-9]/m;
const base: RunCommentData = {
  version: 1,
  key: 'acme/widgets#12:label:ralph:event:9876',
  previousKeys: [],
  claim: 'c0ffee',
  status: 'dispatched',
  mode: 'ralph',
  plan: '.omx/plans/prd-x.md',
  approval: { state: 'approved', by: 'alice', at: '2026-05-01T12:00:00Z' },
  iteration: 0,
  maxIterations: 10,
};
const finished: RunCommentData = {
  ...base,
  status: 'finished',
  runId: 123456,
  runUrl: 'https://github.com/acme/widgets/actions/runs/123456',
  ralphRunId: '20260501T120000Z-abcd',
  iteration: 4,
  outcome: 'blocked',
  reason: 'story US-2 missed 3 times',
  stories: [
    { id: 'US-1', title: 'Parse the config', passes: true, attempts: 1 },
    { id: 'US-2', title: 'Render the table', passes: false, attempts: 3 },
    { id: 'US-3', title: 'Docs', passes: false, attempts: 0 },
  ],
  prUrl: 'https://github.com/acme/widgets/pull/7',
};

describe('run comment', () => {
  it('round-trips through render and parse', () => {
    for (const data of [base, finished]) expect(parseRunComment(renderRunComment(data))).toEqual({ kind: 'run', data });
  });

  it("starts with the runner's marker line, then the data line", () => {
    const lines = renderRunComment(base).split('\n');
    expect(lines[0]).toBe(RUN_COMMENT_MARKER);
    expect(lines[1]).toMatch(/^<!-- plangate:run-data \{.*\} -->$/);
  });

  it('shows plan, mode, approval and iteration 0/N at dispatch', () => {
    const body = renderRunComment(base);
    expect(body).toContain('### plangate ralph: 🚀 dispatched · iteration 0/10');
    expect(body).toContain(
      '**Plan:** `.omx/plans/prd-x.md` · **Mode:** ralph · **Approval:** approved by @&#8203;alice (2026-05-01 12:00 UTC)',
    );
    expect(body).not.toMatch(LIVE_MENTION);
  });

  it('shows the outcome, the link to the run, the PR and the stories table when finished', () => {
    const body = renderRunComment(finished);
    expect(body).toContain('### plangate ralph: 🛑 blocked · iteration 4/10');
    expect(body).toContain('[workflow run](https://github.com/acme/widgets/actions/runs/123456)');
    expect(body).toContain('**Pull request:** https://github.com/acme/widgets/pull/7');
    expect(body).toContain('**Result:** story US-2 missed 3 times');
    expect(body).toContain('**Stories:** 1/3 pass');
    expect(body).toContain('| 1 | `US-1` | Parse the config | ✅ passes | 1 |');
    expect(body).toContain('| 2 | `US-2` | Render the table | ❌ not yet | 3 |');
    expect(body).toContain('| 3 | `US-3` | Docs | ⏳ open | 0 |');
  });

  it('escapes hostile story titles and ids, and keeps them from closing the data line', () => {
    const hostile: RunCommentData = {
      ...finished,
      stories: [
        {
          id: 'x`--> <b>',
          title: '--> <img src=x onerror=alert(1)> | @alice [link](javascript:x) <!-- plangate:run-data {} -->',
          passes: false,
          attempts: 1,
        },
      ],
    };
    const body = renderRunComment(hostile);
    const lines = body.split('\n');
    expect(lines[1]!.indexOf('-->')).toBe(lines[1]!.length - 3);
    const visible = lines.slice(2).join('\n');
    expect(visible).not.toMatch(/<img|<b>|<!--|\]\(javascript/);
    expect(visible).not.toMatch(LIVE_MENTION);
    const row = lines.find((l) => l.startsWith('| 1 |'))!;
    expect(row.replace(/\\\|/g, '').split('|').length).toBe(7);
    expect(parseRunComment(body)).toEqual({ kind: 'run', data: clampRunCommentData(hostile) });
  });

  it('clamps long lists and texts, counting the stories it leaves out', () => {
    const many: RunCommentData = {
      ...finished,
      stories: Array.from({ length: 80 }, (_, i) => ({
        id: `S-${i}-${'i'.repeat(100)}`,
        title: `t${'x'.repeat(300)}`,
        passes: i % 2 === 0,
        attempts: 1,
      })),
      reason: 'r'.repeat(5000),
    };
    const parsed = parseRunComment(renderRunComment(many));
    expect(parsed.kind).toBe('run');
    const data = (parsed as { data: RunCommentData }).data;
    expect(data.stories).toHaveLength(RUN_LIMITS.stories);
    expect(data.storiesOmitted).toBe(30);
    expect(data.stories![0]!.title).toHaveLength(RUN_LIMITS.storyTitle);
    expect(data.stories![0]!.title.endsWith('…')).toBe(true);
    expect(data.reason).toHaveLength(RUN_LIMITS.reason);
    expect(renderRunComment(many)).toContain('… 30 more stories (see the workflow run).');
  });

  it("stays under GitHub's comment limit with the most hostile titles", () => {
    const worst: RunCommentData = {
      ...finished,
      previousKeys: Array.from({ length: 10 }, () => '-'.repeat(400)),
      key: '-'.repeat(400),
      stories: Array.from({ length: 60 }, () => ({ id: '&'.repeat(64), title: '-'.repeat(100), passes: false, attempts: 1 })),
    };
    const body = renderRunComment(worst);
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
    const parsed = parseRunComment(body);
    expect(parsed).toEqual({ kind: 'run', data: clampRunCommentData(worst) });
    expect(encodeHiddenJson((parsed as { data: RunCommentData }).data).length).toBeLessThanOrEqual(RUN_LIMITS.hiddenJson);
  });

  it('drops links that could break out of markdown', () => {
    const data = clampRunCommentData({ ...finished, runUrl: 'javascript:alert(1)', prUrl: 'https://x.test/a)(b' });
    expect(data).not.toHaveProperty('runUrl');
    expect(data).not.toHaveProperty('prUrl');
  });

  it('tells a comment without the marker from one whose data is missing or broken', () => {
    expect(parseRunComment('hello')).toEqual({ kind: 'none' });
    expect(parseRunComment(`${RUN_COMMENT_MARKER}\n### plangate ralph: running`)).toMatchObject({
      kind: 'invalid',
      diagnostic: { code: 'run_data_missing' },
    });
    expect(parseRunComment(`${RUN_COMMENT_MARKER}\n<!-- plangate:run-data {"version":1} -->`)).toMatchObject({
      kind: 'invalid',
      diagnostic: { code: 'run_data_invalid', line: 2 },
    });
    expect(parseRunComment(`<!-- plangate:run-data ${encodeHiddenJson(base)} -->`)).toEqual({ kind: 'none' });
  });
});
