import type { CommandResult, ScopedCommandResult, StoryProgress } from './ralph-state.js';

export interface AttemptFacts {
  agentExitCode: number | null;
  agentTimedOut: boolean;
  baseline: readonly CommandResult[];
  results: readonly ScopedCommandResult[];
}

export interface AttemptVerdict {
  passes: boolean;
  reasons: string[];
  failures: CommandResult[];
}

/**
 * A story passes only when the agent exited 0, every global verify command that passed
 * at baseline still passes, and every one of the story's own `verify[]` commands passes
 * (no baseline exemption for those). A global command that already failed before the
 * run never counts against the story.
 */
export function judgeAttempt(story: StoryProgress, facts: AttemptFacts): AttemptVerdict {
  const reasons: string[] = [];
  const failures: CommandResult[] = [];
  if (facts.agentTimedOut) reasons.push('the agent timed out');
  else if (facts.agentExitCode !== 0) reasons.push(`the agent exited with ${facts.agentExitCode ?? 'a signal'}`);

  const passedAtBaseline = new Set(facts.baseline.filter((b) => b.passed).map((b) => b.command));
  const globalResults = new Map(facts.results.filter((r) => r.scope === 'global').map((r) => [r.command, r]));
  for (const command of passedAtBaseline) {
    const result = globalResults.get(command);
    if (!result) {
      reasons.push(`\`${command}\` passed before the run and was not run after the attempt`);
      continue;
    }
    if (!result.passed) {
      reasons.push(`\`${command}\` passed before the run and fails now${describeExit(result)}`);
      failures.push(result);
    }
  }

  const storyResults = new Map(facts.results.filter((r) => r.scope === 'story').map((r) => [r.command, r]));
  for (const command of story.verify) {
    const result = storyResults.get(command);
    if (!result) {
      reasons.push(`story check \`${command}\` was not run`);
      continue;
    }
    if (!result.passed) {
      reasons.push(`story check \`${command}\` fails${describeExit(result)}`);
      failures.push(result);
    }
  }
  return { passes: reasons.length === 0, reasons, failures };
}

function describeExit(result: CommandResult): string {
  if (result.timedOut) return ' (timed out)';
  return result.exitCode === null ? ' (killed)' : ` (exit ${result.exitCode})`;
}
