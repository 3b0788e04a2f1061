import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyRalphEvent } from '../core/ralph/ralph-machine.js';
import { createRalphState, type RalphState } from '../core/ralph/ralph-state.js';
import type { DirtyPaths } from './git-worktree.js';
import { UnsafePathError } from './no-follow-files.js';
import { listDirtyPaths } from './plangate-git-view.js';
import { readRalphState } from './read-ralph-state.js';
import type { RalphLoopOptions } from './ralph-loop-options.js';
import { StateDir, isValidRunId, stateDirOf } from './state-dir.js';

/** A problem that stops the run before it starts (usage-level: bad runId, nothing to resume, a symlinked state dir). */
export class RalphStartError extends Error {}

export interface OpenedRalphRun {
  store: StateDir;
  initial: RalphState;
  planText: string;
  /** A new run in a git work tree: the paths already dirty before it (what a commit must leave out). */
  baseline?: DirtyPaths;
}

/**
 * A new run (state dir created, git baseline of dirty paths, initial state written) or a
 * resumed one (state read and checked, `resumed` applied): the loop's starting point.
 */
export async function openRalphRun(options: RalphLoopOptions, now: () => Date): Promise<OpenedRalphRun> {
  try {
    return await open(options, now);
  } catch (error) {
    if (error instanceof UnsafePathError) throw new RalphStartError(error.message);
    throw error;
  }
}

async function open(options: RalphLoopOptions, now: () => Date): Promise<OpenedRalphRun> {
  if (options.resume) {
    if (!isValidRunId(options.resume)) throw new RalphStartError(`--resume ${JSON.stringify(options.resume)} is not a run id`);
    if (!existsSync(stateDirOf(options.workdir, options.resume)))
      throw new RalphStartError(`no run ${options.resume} in ${stateDirOf(options.workdir, options.resume)}`);
    const store = StateDir.open(options.workdir, options.resume);
    const loaded = readRalphState(store);
    if (!loaded.ok) throw new RalphStartError(loaded.problem);
    let state: RalphState;
    try {
      state = applyRalphEvent(loaded.state, {
        type: 'resumed',
        maxIterations: options.maxIterations,
        maxStoryAttempts: options.maxStoryAttempts,
      });
    } catch (error) {
      throw new RalphStartError(`cannot resume ${options.resume}: ${(error as Error).message}`);
    }
    store.appendEvent({
      at: now().toISOString(),
      type: 'resumed',
      maxIterations: state.maxIterations,
      maxStoryAttempts: state.maxStoryAttempts,
      iterations: state.iterations,
    });
    store.writeState(state, now());
    const planText = options.planText ?? (await readPlanText(options.workdir, state.plan));
    return { store, initial: state, planText };
  }
  const plan = options.plan;
  if (!plan) throw new RalphStartError('a new run needs a plan');
  const runId = options.runId ?? newRunId(now());
  if (!isValidRunId(runId)) throw new RalphStartError(`${JSON.stringify(runId)} is not a run id`);
  const initial = createRalphState({
    runId,
    plan: plan.prdPath,
    stories: plan.stories,
    verify: plan.verify,
    maxIterations: options.maxIterations ?? 10,
    maxStoryAttempts: options.maxStoryAttempts ?? 3,
  });
  const store = StateDir.create(options.workdir, runId);
  const baseline = await listDirtyPaths(options.programs, options.workdir);
  if (baseline) store.writeFile('git-baseline.json', `${JSON.stringify(baseline, null, 2)}\n`);
  store.appendEvent({
    at: now().toISOString(),
    type: 'run_started',
    plan: plan.prdPath,
    testSpec: plan.testSpecPath,
    storySource: plan.storySource,
    storyFile: plan.storyFile,
    verifySource: plan.verifySource,
    maxIterations: initial.maxIterations,
    maxStoryAttempts: initial.maxStoryAttempts,
    iterations: 0,
  });
  store.writeState(initial, now());
  return { store, initial, planText: options.planText ?? plan.prdText, ...(baseline ? { baseline } : {}) };
}

/** The PRD named in a resumed state; only a path inside the workdir is read. */
async function readPlanText(workdir: string, plan: string): Promise<string> {
  if (plan.startsWith('/') || plan.split(/[\\/]/).includes('..'))
    return `(the plan path ${JSON.stringify(plan)} is outside the workdir and was not read)`;
  return readFile(join(workdir, ...plan.split('/')), 'utf8').catch(() => `(the plan ${plan} could not be read)`);
}

/** `20260501T120000Z-1a2b3c`: sortable, unique enough, safe as a directory name. */
export function newRunId(at: Date): string {
  return `${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}
