import { findGraphCycles, type FoundCycle } from './find-graph-cycles.js';
import type { GraphProblem } from './graph-problem.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import { nodeEdges, type TaskIndex } from './task-index.js';
import type { EntryLocator } from './task-locator.js';

/** `dependency_cycle` and `parent_cycle`, each with the cycle's path. */
export function checkTaskCycles(index: TaskIndex, locator: EntryLocator): { diagnostics: TaskDiagnostic[]; problems: GraphProblem[] } {
  const diagnostics: TaskDiagnostic[] = [];
  const problems: GraphProblem[] = [];
  const report = (code: 'dependency_cycle' | 'parent_cycle', kind: 'dependsOn' | 'parent', cycle: FoundCycle): void => {
    const noun = code === 'dependency_cycle' ? 'dependency cycle' : 'parent cycle';
    diagnostics.push({
      code,
      severity: 'error',
      message: `${locator.task(cycle.task)} is part of ${noun}: ${cycle.path}.`,
      position: locator.position(cycle.task.index),
      key: `${cycle.task.id}->${cycle.closesOn}`,
    });
    problems.push(cyclePicture(noun, kind, cycle));
  };
  for (const cycle of findGraphCycles(
    index,
    nodeEdges(index, (t) => t.dependsOn),
  ))
    report('dependency_cycle', 'dependsOn', cycle);
  for (const cycle of findGraphCycles(
    index,
    nodeEdges(index, (t) => (t.parentId ? [t.parentId] : undefined)),
  ))
    report('parent_cycle', 'parent', cycle);
  return { diagnostics, problems };
}

function cyclePicture(label: string, kind: 'dependsOn' | 'parent', cycle: FoundCycle): GraphProblem {
  const edges: GraphProblem['edges'] = [];
  for (let i = 0; i + 1 < cycle.ids.length; i++) edges.push({ from: cycle.ids[i]!, to: cycle.ids[i + 1]!, kind, problem: true });
  const complete = cycle.ids.length === cycle.length;
  if (complete) edges.push({ from: cycle.ids[cycle.ids.length - 1]!, to: cycle.closesOn, kind, problem: true });
  return { label, nodes: cycle.ids, problemNodes: cycle.ids, edges, omitted: cycle.length - cycle.ids.length };
}
