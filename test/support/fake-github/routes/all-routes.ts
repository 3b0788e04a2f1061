import type { RouteDef } from '../http/route-types.js';
import { actionRoutes } from './actions.js';
import { checkRunRoutes } from './check-runs.js';
import { contentRoutes } from './contents.js';
import { gitRoutes } from './git.js';
import { issueRoutes } from './issues.js';
import { pullRoutes } from './pulls.js';
import { repoRoutes } from './repos.js';

/** Every REST operation the fake answers. Add a file here to extend it (see docs/dev/fake-github.md). */
export const ALL_ROUTES: readonly RouteDef[] = [
  ...repoRoutes,
  ...gitRoutes,
  ...contentRoutes,
  ...pullRoutes,
  ...issueRoutes,
  ...checkRunRoutes,
  ...actionRoutes,
];
