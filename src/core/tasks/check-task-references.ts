import type { GraphProblem } from './graph-problem.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import type { TaskIndex } from './task-index.js';
import type { EntryLocator } from './task-locator.js';
import type { RalphTask } from './task-model.js';

export interface ReferenceFindings {
  diagnostics: TaskDiagnostic[];
  problems: GraphProblem[];
}

/**
 * Ids and references: empty and duplicate ids, self and missing parents, self and
 * missing dependencies, and done tasks whose dependencies are not done. One pass.
 */
export function checkTaskReferences(tasks: readonly RalphTask[], index: TaskIndex, locator: EntryLocator): ReferenceFindings {
  const diagnostics: TaskDiagnostic[] = [];
  const problems: GraphProblem[] = [];
  const emptyId = index.first.get('');
  if (emptyId) {
    diagnostics.push({
      code: 'task_id_empty',
      severity: 'error',
      message: 'Task ids must be non-empty strings.',
      position: locator.position(emptyId.index),
      key: 'empty-id',
    });
  }
  for (const [id, copies] of index.duplicates) {
    if (!id) continue;
    diagnostics.push({
      code: 'duplicate_task_id',
      severity: 'error',
      message: `Task id ${id} must be unique. Found duplicates at ${copies.map((t) => locator.location(t.index)).join(', ')}.`,
      position: locator.position(copies[0]!.index),
      key: id,
    });
    problems.push({ label: 'duplicate task id', nodes: [id], problemNodes: [id], edges: [], omitted: 0 });
  }

  for (const task of tasks) {
    if (task.parentId) checkParent(task, task.parentId, index, locator, diagnostics, problems);
    for (const depId of task.dependsOn ?? []) checkDependency(task, depId, index, locator, diagnostics, problems);
  }
  return { diagnostics, problems };
}

function checkParent(
  task: RalphTask,
  parentId: string,
  index: TaskIndex,
  locator: EntryLocator,
  diagnostics: TaskDiagnostic[],
  problems: GraphProblem[],
): void {
  if (parentId === task.id) {
    diagnostics.push({
      code: 'self_parent_reference',
      severity: 'error',
      message: `${locator.task(task)} cannot reference itself as parent.`,
      position: locator.position(task.index),
      key: task.id,
    });
    problems.push(edgeProblem('self parent', task.id, task.id, 'parent'));
  } else if (!index.first.has(parentId)) {
    diagnostics.push({
      code: 'orphaned_parent_reference',
      severity: 'error',
      message: `${locator.task(task)} references missing parentId ${parentId}.`,
      position: locator.position(task.index),
      key: `${task.id}:${parentId}`,
    });
    problems.push(edgeProblem('missing parent', task.id, parentId, 'parent', parentId));
  }
}

function checkDependency(
  task: RalphTask,
  depId: string,
  index: TaskIndex,
  locator: EntryLocator,
  diagnostics: TaskDiagnostic[],
  problems: GraphProblem[],
): void {
  if (depId === task.id) {
    diagnostics.push({
      code: 'self_dependency_reference',
      severity: 'error',
      message: `${locator.task(task)} cannot depend on itself.`,
      position: locator.position(task.index),
      key: task.id,
    });
    problems.push(edgeProblem('self dependency', task.id, task.id, 'dependsOn'));
    return;
  }
  const dependency = index.first.get(depId);
  if (!dependency) {
    diagnostics.push({
      code: 'invalid_dependency_reference',
      severity: 'error',
      message: `${locator.task(task)} references missing dependency ${depId}.`,
      position: locator.position(task.index),
      key: `${task.id}:${depId}`,
    });
    problems.push(edgeProblem('missing dependency', task.id, depId, 'dependsOn', depId));
    return;
  }
  if (task.status === 'done' && dependency.status !== 'done') {
    diagnostics.push({
      code: 'completed_task_with_incomplete_dependencies',
      severity: 'error',
      message: `${locator.task(task)} is marked done but dependency ${depId} is ${dependency.status}.`,
      position: locator.position(task.index),
      key: `${task.id}:${depId}`,
    });
    problems.push(edgeProblem('done task with unfinished dependency', task.id, depId, 'dependsOn'));
  }
}

function edgeProblem(label: string, from: string, to: string, kind: 'parent' | 'dependsOn', problemNode?: string): GraphProblem {
  const nodes = from === to ? [from] : [from, to];
  return { label, nodes, problemNodes: problemNode ? [problemNode] : [from], edges: [{ from, to, kind, problem: true }], omitted: 0 };
}
