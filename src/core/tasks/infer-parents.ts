import type { GraphProblem } from './graph-problem.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import type { EntryLocator } from './task-locator.js';
import type { RalphTask } from './task-model.js';

/**
 * Legacy parent inference: a task without `parentId` whose id has a known task id as a
 * prefix before its last `.`, `-` or `/` gets that parent (the longest such prefix), so
 * `T1.1` → `T1`. Mutates the tasks (they are the checker's own normalised copies).
 */
export function inferLegacyParents(tasks: RalphTask[]): void {
  const known = new Set<string>();
  for (const task of tasks) known.add(task.id);
  for (const task of tasks) {
    if (task.parentId) continue;
    let best: string | undefined;
    for (const separator of ['.', '-', '/']) {
      const at = task.id.lastIndexOf(separator);
      if (at <= 0) continue;
      const candidate = task.id.slice(0, at);
      if (known.has(candidate) && (best === undefined || candidate.length > best.length)) best = candidate;
    }
    if (best !== undefined) task.parentId = best;
  }
}

/**
 * A `todo` task under a parent that is already `done` would leave Ralphdex stuck, so it
 * strips the `parentId` and warns; `in_progress`/`blocked` children keep theirs and the
 * graph check reports the done parent instead.
 */
export function stripDoneParents(tasks: RalphTask[], locator: EntryLocator): { diagnostics: TaskDiagnostic[]; problems: GraphProblem[] } {
  const statusById = new Map<string, RalphTask['status']>();
  for (const task of tasks) statusById.set(task.id, task.status);
  const diagnostics: TaskDiagnostic[] = [];
  const problems: GraphProblem[] = [];
  for (const task of tasks) {
    if (!task.parentId || task.status !== 'todo' || statusById.get(task.parentId) !== 'done') continue;
    diagnostics.push({
      code: 'auto_corrected_parent_reference',
      severity: 'warning',
      message: `${locator.task(task)} had parentId "${task.parentId}" which is already done; parentId stripped to prevent a stuck state.`,
      position: locator.position(task.index),
      key: `${task.id}:${task.parentId}`,
    });
    problems.push({
      label: 'todo task under a done parent',
      nodes: [task.id, task.parentId],
      problemNodes: [],
      edges: [{ from: task.id, to: task.parentId, kind: 'parent', problem: true }],
      omitted: 0,
    });
    delete task.parentId;
  }
  return { diagnostics, problems };
}
