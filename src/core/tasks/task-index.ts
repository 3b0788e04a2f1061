import type { RalphTask } from './task-model.js';

/**
 * Tasks by id, and the graph as integer nodes so the graph walks do no string hashing.
 * Node n is the first task with its id (what Ralphdex resolves references to).
 */
export interface TaskIndex {
  first: Map<string, RalphTask>;
  /** Ids that occur more than once, with every occurrence in file order. */
  duplicates: Map<string, RalphTask[]>;
  /** The first task of each id, in file order. */
  nodes: RalphTask[];
  nodeOf: Map<string, number>;
  /** For each task (by position in the task list), the node of its id. */
  taskNode: Int32Array;
}

export function indexTasks(tasks: readonly RalphTask[]): TaskIndex {
  const first = new Map<string, RalphTask>();
  const duplicates = new Map<string, RalphTask[]>();
  const nodes: RalphTask[] = [];
  const nodeOf = new Map<string, number>();
  const taskNode = new Int32Array(tasks.length);
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i]!;
    const known = nodeOf.get(task.id);
    if (known === undefined) {
      nodeOf.set(task.id, nodes.length);
      taskNode[i] = nodes.length;
      nodes.push(task);
      first.set(task.id, task);
      continue;
    }
    taskNode[i] = known;
    const list = duplicates.get(task.id);
    if (list) list.push(task);
    else duplicates.set(task.id, [nodes[known]!, task]);
  }
  return { first, duplicates, nodes, nodeOf, taskNode };
}

/** Edges between nodes in compressed rows: the targets of node n are `targets[start[n] .. start[n + 1])`. */
export interface NodeEdges {
  start: Int32Array;
  targets: Int32Array;
}

/** Edges from each node to the nodes `targetsOf` names; unknown ids and self-loops are left out. */
export function nodeEdges(index: TaskIndex, targetsOf: (task: RalphTask) => readonly string[] | undefined): NodeEdges {
  const { nodes, nodeOf } = index;
  const start = new Int32Array(nodes.length + 1);
  const collected: number[] = [];
  for (let n = 0; n < nodes.length; n++) {
    start[n] = collected.length;
    const ids = targetsOf(nodes[n]!);
    if (!ids) continue;
    for (const id of ids) {
      const target = nodeOf.get(id);
      if (target !== undefined && target !== n) collected.push(target);
    }
  }
  start[nodes.length] = collected.length;
  return { start, targets: Int32Array.from(collected) };
}
