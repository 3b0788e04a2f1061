import type { CheckContext } from '../check-context.js';
import type { PlansConfig } from '../config/schema.js';
import { extractVerifyCommands } from '../ralph/extract-verify-commands.js';
import { readText } from '../read-text.js';
import type { RepoSnapshot } from '../snapshot.js';
import { discoverPlanArtifacts } from './discover-plan-artifacts.js';

/**
 * The test specs this change adds or edits whose verify commands differ from the base's: a test
 * spec's shell blocks are the commands ralph runs (with the `passEnv` secrets), so changing them
 * changes code that runs, whatever the file's extension. With no base to compare against, any
 * changed test spec that holds commands counts.
 */
export async function changedVerifyCommands(snapshot: RepoSnapshot, plans: PlansConfig, context: CheckContext): Promise<string[]> {
  const changed = new Set(context.changedFiles ?? []);
  if (!changed.size) return [];
  const custom = plans.layout === 'custom';
  const specs = discoverPlanArtifacts(snapshot, {
    dir: plans.dir,
    ...(custom ? { prdPatterns: plans.prdPatterns, testSpecPatterns: plans.testSpecPatterns } : {}),
  }).testSpecs.filter((spec) => changed.has(spec.path));
  const out: string[] = [];
  for (const spec of specs) {
    const head = extractVerifyCommands((await readText(snapshot, spec.path))?.text ?? '');
    if (!head.length) continue;
    const baseText = context.base ? (await readText(context.base, spec.path))?.text : undefined;
    const base = baseText === undefined ? [] : extractVerifyCommands(baseText);
    if (head.length !== base.length || head.some((command, i) => command !== base[i])) out.push(spec.path);
  }
  return out;
}
