import type { RalphState, StoryProgress } from './ralph-state.js';

export type ProgressStep = 'started' | 'baseline' | 'iteration_started' | 'iteration_judged' | 'stopped';

/** What the loop tells its reporter after every step (CLI stderr, Action log, run comment, job summary). */
export interface RalphProgress {
  step: ProgressStep;
  state: RalphState;
  /** The story the step is about (iteration steps). */
  story?: StoryProgress;
}
