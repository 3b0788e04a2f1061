export { FakeGitHub, type StartOptions } from './fake-github.js';
export { secondaryRateLimit, type FaultSpec } from './http/faults.js';
export type { SeedFile } from './state/git-objects.js';
export type * from './state/types.js';
