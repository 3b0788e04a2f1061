import type { PlanArtifactName } from './parse-artifact-name.js';

export interface PlanArtifact extends PlanArtifactName {
  path: string;
  basename: string;
}

/**
 * Order of artifacts: two timestamped names by timestamp, a timestamped name after a
 * legacy one, otherwise by path. The latest artifact is the last.
 */
export function compareArtifacts(a: PlanArtifact, b: PlanArtifact): number {
  if (a.timestamp && b.timestamp && a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  if (a.timestamp && !b.timestamp) return 1;
  if (!a.timestamp && b.timestamp) return -1;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

export function latestArtifact<T extends PlanArtifact>(artifacts: readonly T[]): T | undefined {
  return [...artifacts].sort(compareArtifacts).at(-1);
}
