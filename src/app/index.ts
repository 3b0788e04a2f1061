import type { ApplicationFunction, Probot } from 'probot';
import { registerCheckRunRerequestedHandler } from './handlers/check-run-rerequested.js';
import { registerCheckSuiteRerequestedHandler } from './handlers/check-suite-rerequested.js';
import { registerPullRequestHandler } from './handlers/pull-request.js';
import { AppRuntime, type PlangateAppOptions } from './runtime/app-runtime.js';

export type { PlangateAppOptions } from './runtime/app-runtime.js';
export type { EvaluationResult } from './pull-request/evaluate-pull-request.js';

/** The plangate Probot App with options (tests and benchmarks scale retry waits, observe results). */
export function createPlangateApp(options: PlangateAppOptions = {}): ApplicationFunction {
  return (app: Probot) => {
    const runtime = new AppRuntime(app, options);
    registerPullRequestHandler(app, runtime);
    registerCheckRunRerequestedHandler(app, runtime);
    registerCheckSuiteRerequestedHandler(app, runtime);
  };
}

/** `probot run ./lib/app/index.js` loads this. */
export default createPlangateApp();
