import * as core from '@actions/core';
import type { ActionInputs } from './inputs.js';

/** Placeholder until the ralph runner lands. */
export async function runRalphMode(_inputs: ActionInputs): Promise<void> {
  core.setFailed('plangate: mode ralph is not available in this build yet.');
}
