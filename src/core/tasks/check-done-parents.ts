import type { GraphProblem } from './graph-problem.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import type { TaskIndex } from './task-index.js';
import type { EntryLocator } from './task-locator.js';
import type { RalphTask } from './task-model.js';

/** Descendants named per message; the rest are counted. */
export const MAX_LISTED_DESCENDANTS = 20;
const MAX_PICTURE_NODES = 60;
/** Done parents drawn in full; a picture has room for few, so the rest are only counted. */
const PICTURED_PARENTS = 10;

interface Unfinished {
  /** The first unfinished descendants in Ralphdex's order (depth-first, file order). */
  listed: RalphTask[];
  count: number;
}

const NONE: Unfinished = { listed: [], count: 0 };

/**
 * `completed_parent_with_incomplete_descendants`. Each id's unfinished descendants are
 * computed once, bottom-up, from its children's (kept to the first few), so a deep
 * parent chain costs linear time instead of a walk per done ancestor.
 */
export function checkDoneParents(
  tasks: readonly RalphTask[],
  index: TaskIndex,
  locator: EntryLocator,
): { diagnostics: TaskDiagnostic[]; problems: GraphProblem[] } {
  const children = childrenById(tasks);
  const unfinished = unfinishedDescendants(index, children);
  const diagnostics: TaskDiagnostic[] = [];
  const problems: GraphProblem[] = [];
  for (const task of tasks) {
    if (task.status !== 'done') continue;
    const found = unfinished.get(task.id);
    if (!found || found.count === 0) continue;
    const names = found.listed.map((d) => `${d.id} (${d.status})`);
    if (found.count > found.listed.length) names.push(`… and ${found.count - found.listed.length} more`);
    diagnostics.push({
      code: 'completed_parent_with_incomplete_descendants',
      severity: 'error',
      message: `${locator.task(task)} is marked done but descendant tasks are still unfinished: ${names.join(', ')}.`,
      position: locator.position(task.index),
      key: task.id,
    });
    problems.push(
      problems.length < PICTURED_PARENTS
        ? pictureOf(task, found, index)
        : { label: 'done parent with unfinished descendants', nodes: [task.id], problemNodes: [task.id], edges: [], omitted: 0 },
    );
  }
  return { diagnostics, problems };
}

function childrenById(tasks: readonly RalphTask[]): Map<string, RalphTask[]> {
  const children = new Map<string, RalphTask[]>();
  for (const task of tasks) {
    if (!task.parentId || task.parentId === task.id) continue;
    const list = children.get(task.parentId);
    if (list) list.push(task);
    else children.set(task.parentId, [task]);
  }
  return children;
}

/** Iterative post-order over the parent forest; a parent cycle (reported elsewhere) is cut where it closes. */
function unfinishedDescendants(index: TaskIndex, children: Map<string, RalphTask[]>): Map<string, Unfinished> {
  const result = new Map<string, Unfinished>();
  const onStack = new Set<string>();
  const stackIds: string[] = [];
  const stackCursor: number[] = [];
  for (const rootId of index.first.keys()) {
    if (result.has(rootId)) continue;
    stackIds.push(rootId);
    stackCursor.push(0);
    onStack.add(rootId);
    while (stackIds.length) {
      const top = stackIds.length - 1;
      const id = stackIds[top]!;
      const kids = children.get(id);
      const cursor = stackCursor[top]!;
      if (kids && cursor < kids.length) {
        stackCursor[top] = cursor + 1;
        const childId = kids[cursor]!.id;
        if (!result.has(childId) && !onStack.has(childId)) {
          stackIds.push(childId);
          stackCursor.push(0);
          onStack.add(childId);
        }
        continue;
      }
      stackIds.pop();
      stackCursor.pop();
      onStack.delete(id);
      result.set(id, kids ? combine(kids, result) : NONE);
    }
  }
  return result;
}

function combine(kids: readonly RalphTask[], done: Map<string, Unfinished>): Unfinished {
  let listed: RalphTask[] | undefined;
  let count = 0;
  for (const child of kids) {
    if (child.status !== 'done') {
      count++;
      if ((listed ??= []).length < MAX_LISTED_DESCENDANTS) listed.push(child);
    }
    const below = done.get(child.id);
    if (!below || below.count === 0) continue;
    count += below.count;
    for (const d of below.listed) {
      if ((listed ??= []).length >= MAX_LISTED_DESCENDANTS) break;
      listed.push(d);
    }
  }
  return count === 0 ? NONE : { listed: listed ?? [], count };
}

/** The done parent, its listed unfinished descendants and the parent links between them. */
function pictureOf(parent: RalphTask, found: Unfinished, index: TaskIndex): GraphProblem {
  const nodes = new Set<string>([parent.id]);
  const edges: GraphProblem['edges'] = [];
  for (const descendant of found.listed) {
    let current: RalphTask | undefined = descendant;
    while (current && current.id !== parent.id && !nodes.has(current.id) && nodes.size < MAX_PICTURE_NODES) {
      nodes.add(current.id);
      if (!current.parentId) break;
      edges.push({ from: current.id, to: current.parentId, kind: 'parent', problem: false });
      current = index.first.get(current.parentId);
    }
  }
  const kept = edges.filter((e) => nodes.has(e.to));
  return {
    label: 'done parent with unfinished descendants',
    nodes: [...nodes],
    problemNodes: [parent.id, ...found.listed.map((d) => d.id)].filter((id) => nodes.has(id)),
    edges: kept,
    omitted: found.count - found.listed.length,
  };
}
