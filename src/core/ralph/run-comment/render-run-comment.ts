import { hiddenComment } from '../../approval/hidden-json.js';
import { OUTCOME_TITLE } from '../outcome-titles.js';
import { formatUtcTime } from '../../approval/format-utc-time.js';
import { codeSpan, escapeMarkdownText } from '../../markdown-safe.js';
import { clampRunCommentData, type RunCommentData, type RunStatus } from './run-comment-data.js';
import { pushAll } from '../../push-all.js';

/**
 * The run comment's marker line. The ralph runner (`src/ralph/run-comment-reporter.ts`)
 * finds the App's comment (by the App's login, the dispatch input `app-login`) by this exact text and carries every other `<!-- plangate:… -->` line
 * over when it rewrites the visible part, so the App's data line survives its updates.
 */
export const RUN_COMMENT_MARKER = '<!-- plangate:run -->';
export const RUN_DATA_KIND = 'run-data';
/** GitHub refuses comments over 65,536 characters. */
export const MAX_COMMENT_LENGTH = 65_536;

const STATUS_TITLE: Record<Exclude<RunStatus, 'finished'>, string> = {
  dispatched: '🚀 dispatched',
  running: '🔁 running',
  cancel_requested: '⏹️ cancelling',
  dispatch_failed: '❌ the workflow could not be started',
};

/**
 * The issue's run comment (docs/app.md, "Label-driven ralph runs"): marker, hidden data line (what `parseRunComment`
 * reads back), then plan, approval, link to the run, `iteration i/N`, the stories table and
 * the outcome for people. Story ids and titles come from the repository and are escaped.
 */
export function renderRunComment(input: RunCommentData): string {
  const data = clampRunCommentData(input);
  const head = `${RUN_COMMENT_MARKER}\n${hiddenComment(RUN_DATA_KIND, data)}\n`;
  const visible = renderVisible(data);
  const room = MAX_COMMENT_LENGTH - head.length;
  return head + (visible.length <= room ? visible : `${visible.slice(0, Math.max(0, room - 20))}\n\n… (truncated)`);
}

function renderVisible(data: RunCommentData): string {
  const status = data.status === 'finished' ? (data.outcome ? OUTCOME_TITLE[data.outcome] : '🏁 finished') : STATUS_TITLE[data.status];
  const lines = [`### plangate ralph: ${status} · iteration ${data.iteration}/${data.maxIterations}`, ''];
  const facts = [`**Plan:** ${data.plan ? codeSpan(data.plan) : 'none'}`];
  // A full SHA as plain text: GitHub links it to the commit.
  if (data.commit) facts.push(`**Commit:** ${data.commit}`);
  facts.push(`**Mode:** ${data.mode}`, `**Approval:** ${approvalText(data)}`);
  if (data.runUrl) facts.push(`[workflow run](${data.runUrl})`);
  lines.push(facts.join(' · '), '');
  if (data.prUrl) lines.push(`**Pull request:** ${data.prUrl}`, '');
  if (data.reason) lines.push(`**Result:** ${escapeMarkdownText(data.reason, 600)}`, '');
  if (data.stories?.length || data.storiesOmitted) pushAll(lines, storyTable(data));
  return lines.join('\n').trimEnd();
}

function approvalText(data: RunCommentData): string {
  const approval = data.approval;
  if (!approval) return '—';
  const by = approval.by ? ` by ${escapeMarkdownText(`@${approval.by}`, 100)}` : '';
  const at = approval.at ? ` (${formatUtcTime(approval.at)})` : '';
  if (approval.state === 'approved') return `approved${by}${at}`;
  if (approval.state === 'bypassed') return `gate bypassed${by}${at}`;
  if (approval.state === 'well-specified') return 'not needed (well-specified request)';
  return 'not required';
}

function storyTable(data: RunCommentData): string[] {
  const stories = data.stories ?? [];
  const total = stories.length + (data.storiesOmitted ?? 0);
  const lines = [
    `**Stories:** ${stories.filter((s) => s.passes).length}/${total} pass${data.storiesOmitted ? ' (of the listed ones)' : ''}`,
    '',
  ];
  if (stories.length) {
    lines.push('| # | story | title | status | attempts |', '| ---: | --- | --- | --- | ---: |');
    stories.forEach((s, i) => {
      const state = s.passes ? '✅ passes' : s.attempts ? '❌ not yet' : '⏳ open';
      lines.push(`| ${i + 1} | ${codeSpan(s.id, 64)} | ${escapeMarkdownText(s.title, 100)} | ${state} | ${s.attempts} |`);
    });
  }
  if (data.storiesOmitted) lines.push('', `… ${data.storiesOmitted} more stories (see the workflow run).`);
  return lines;
}
