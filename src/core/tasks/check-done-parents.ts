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
  const unfinished = unfinishedDescendants(tasks, index);
  const diagnostics: TaskDiagnostic[] = [];
  const problems: GraphProblem[] = [];
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i]!;
    if (task.status !== 'done') continue;
    const found = unfinished[index.taskNode[i]!];
    if (!found) continue;
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

/**
 * For each node, its unfinished descendants (undefined when none), by an iterative
 * post-order walk of the parent forest. Children are every task whose parentId names the
 * node (duplicates included, as Ralphdex walks the task list); a parent cycle (reported
 * elsewhere) is cut where it closes.
 */
function unfinishedDescendants(tasks: readonly RalphTask[], index: TaskIndex): (Unfinished | undefined)[] {
  const { nodes, nodeOf, taskNode } = index;
  const count = nodes.length;
  const start = new Int32Array(count + 1);
  const parentOfTask = new Int32Array(tasks.length).fill(-1);
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i]!;
    if (!task.parentId || task.parentId === task.id) continue;
    const parent = nodeOf.get(task.parentId);
    if (parent === undefined) continue;
    parentOfTask[i] = parent;
    start[parent + 1]!++;
  }
  for (let n = 0; n < count; n++) start[n + 1]! += start[n]!;
  const fill = start.slice(0, count);
  const children = new Int32Array(start[count]!);
  for (let i = 0; i < tasks.length; i++) {
    const parent = parentOfTask[i]!;
    if (parent >= 0) children[fill[parent]!++] = i;
  }

  const result: (Unfinished | undefined)[] = new Array(count);
  const state = new Uint8Array(count); // 0 new, 1 on the stack, 2 done
  const stack = new Int32Array(count);
  const cursor = new Int32Array(count);
  for (let root = 0; root < count; root++) {
    if (state[root]) continue;
    let depth = 0;
    stack[0] = root;
    cursor[0] = start[root]!;
    state[root] = 1;
    while (depth >= 0) {
      const node = stack[depth]!;
      const at = cursor[depth]!;
      if (at < start[node + 1]!) {
        cursor[depth] = at + 1;
        const child = taskNode[children[at]!]!;
        if (state[child] === 0) {
          depth++;
          stack[depth] = child;
          cursor[depth] = start[child]!;
          state[child] = 1;
        }
        continue;
      }
      depth--;
      state[node] = 2;
      if (start[node]! < start[node + 1]!)
        result[node] = combine(tasks, children.subarray(start[node]!, start[node + 1]!), taskNode, state, result);
    }
  }
  return result;
}

function combine(
  tasks: readonly RalphTask[],
  kids: Int32Array,
  taskNode: Int32Array,
  state: Uint8Array,
  done: readonly (Unfinished | undefined)[],
): Unfinished | undefined {
  const listed: RalphTask[] = [];
  let count = 0;
  for (const k of kids) {
    const child = tasks[k]!;
    if (child.status !== 'done') {
      count++;
      if (listed.length < MAX_LISTED_DESCENDANTS) listed.push(child);
    }
    const node = taskNode[k]!;
    const below = state[node] === 2 ? done[node] : undefined;
    if (!below) continue;
    count += below.count;
    for (const d of below.listed) {
      if (listed.length >= MAX_LISTED_DESCENDANTS) break;
      listed.push(d);
    }
  }
  return count === 0 ? undefined : { listed, count };
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
