import { codeBlock } from '../markdown-safe.js';
import type { RalphState, StoryProgress } from './ralph-state.js';

export interface PromptInput {
  state: RalphState;
  story: StoryProgress;
  iteration: number;
  planText: string;
  /** Characters of the plan to include (the rest is named, not pasted). */
  planExcerptChars?: number;
}

const DEFAULT_EXCERPT = 12_000;
const MAX_FAILURE_OUTPUT = 3_000;

/**
 * The prompt file the agent receives: the story, its criteria, the plan excerpt, the
 * commands that will judge the attempt, and why the previous attempt missed.
 */
export function renderRalphPrompt(input: PromptInput): string {
  const { state, story, iteration } = input;
  const storyIndex = state.stories.indexOf(story) + 1;
  const out: string[] = [
    `# Ralph iteration ${iteration}/${state.maxIterations}: story ${story.id}`,
    '',
    `Story ${storyIndex} of ${state.stories.length}, attempt ${story.attempts} of at most ${state.maxStoryAttempts} in a row.`,
    `Plan: ${state.plan}`,
    '',
    `## Story ${story.id}: ${story.title}`,
    '',
  ];
  if (story.description.trim()) out.push(story.description.trim(), '');
  if (story.criteria.length) {
    out.push('### Acceptance criteria', '');
    for (const c of story.criteria) out.push(`- [ ] ${c}`);
    out.push('');
  }
  const mustPass = (state.baseline ?? []).filter((b) => b.passed).map((b) => b.command);
  const preExisting = (state.baseline ?? []).filter((b) => !b.passed).map((b) => b.command);
  out.push('## How this attempt is judged', '');
  out.push('The attempt passes only when you exit 0 and all of these commands pass afterwards:', '');
  for (const c of [...mustPass, ...story.verify]) out.push(`- \`${c}\``);
  if (!mustPass.length && !story.verify.length) out.push('- (no verify commands: your exit status decides)');
  if (preExisting.length) {
    out.push('', 'These already failed before the run (they do not block this story):', '');
    for (const c of preExisting) out.push(`- \`${c}\``);
  }
  out.push('', 'Do not touch `.plangate/ralph/`: the runner stops the run if its state directory changes.', '');
  const miss = story.lastMiss;
  if (miss) {
    out.push(`## Why the previous attempt (iteration ${miss.iteration}) missed`, '');
    for (const r of miss.reasons) out.push(`- ${r}`);
    for (const f of miss.failures) {
      if (!f.outputTail) continue;
      out.push('', `Output of \`${f.command}\` (end):`, '', codeBlock(f.outputTail.slice(-MAX_FAILURE_OUTPUT)));
    }
    out.push('');
  }
  const done = state.stories.filter((s) => s.passes && s !== story);
  if (done.length) {
    out.push('## Stories already done (keep them passing)', '');
    for (const s of done) out.push(`- ${s.id}: ${s.title}`);
    out.push('');
  }
  const limit = input.planExcerptChars ?? DEFAULT_EXCERPT;
  const excerpt =
    input.planText.length > limit
      ? `${input.planText.slice(0, limit)}\n\n[… plan truncated; read ${state.plan} for the rest]`
      : input.planText;
  out.push('## Plan excerpt', '', codeBlock(excerpt), '');
  return out.join('\n');
}
