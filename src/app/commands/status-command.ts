import type { RunCommentData } from '../../core/ralph/run-comment/run-comment-data.js';
import { answer } from '../issues/answer.js';
import { renderIssueGateBody } from '../issues/render-issue-gate-comment.js';
import { configProblemsOutcome } from '../pull-request/check-run-outcome.js';
import { inFlightRecord, runRecordsOf } from '../runs/run-records.js';
import type { CommandInput, CommandOutcome } from './command-input.js';
import { gateForThread } from './gate-for-thread.js';

/** `/plangate status`: the gate, the approval table and the current run, as an answer. */
export async function statusCommand(input: CommandInput): Promise<CommandOutcome> {
  const { session } = input;
  const { state } = await gateForThread(session, { isPull: input.isPull, label: input.settings.ralph.labels.run[0] ?? 'ralph' });
  if (state.kind === 'skipped') {
    await answer(
      session,
      input.answerId,
      'plangate is not set up here: no `.github/plangate.yml` on the default branch and no known planning layout.',
    );
    return { outcome: 'status', gate: 'skipped' };
  }
  if (state.kind === 'problems') {
    await answer(session, input.answerId, configProblemsOutcome(state.problems, state.file).summary);
    return { outcome: 'config-problems' };
  }
  const records = runRecordsOf(await session.comments(), session.botLogin).records;
  const run = inFlightRecord(records) ?? records.at(-1);
  await answer(session, input.answerId, `${renderIssueGateBody(state.view)}\n\n${runLine(run?.data)}`);
  return { outcome: 'status', gate: state.view.status };
}

function runLine(data: RunCommentData | undefined): string {
  if (!data) return '**Run:** none on this thread.';
  const what = data.status === 'finished' ? `finished (${data.outcome ?? 'unknown'})` : data.status.replace('_', ' ');
  const link = data.runUrl ? ` · [workflow run](${data.runUrl})` : '';
  return `**Run:** ${what} · iteration ${data.iteration}/${data.maxIterations}${link}`;
}
