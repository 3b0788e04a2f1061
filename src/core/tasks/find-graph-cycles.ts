import type { NodeEdges, TaskIndex } from './task-index.js';
import type { RalphTask } from './task-model.js';

/** Ids shown at each end of a long cycle path; the middle is counted. */
const PATH_END_IDS = 12;
/** Ids kept per cycle for the picture. */
const PICTURE_IDS = 60;

export interface FoundCycle {
  /** The task whose edge closes the cycle (the one Ralphdex names). */
  task: RalphTask;
  /** `A -> B -> A`, long cycles shortened in the middle. */
  path: string;
  /** Distinct tasks in the cycle. */
  length: number;
  /** The first ids of the cycle in order (at most PICTURE_IDS). */
  ids: string[];
  /** The id the closing edge points back to (the cycle's first id). */
  closesOn: string;
}

/**
 * Ralphdex's cycle search — depth-first from each task in file order, neighbours in
 * order, one report per edge that closes a cycle — with an explicit stack, so a
 * 100,000-task chain cannot overflow the call stack. Linear in tasks + edges.
 * Self-loops are not edges here (the `self_*_reference` codes report them).
 */
export function findGraphCycles(index: TaskIndex, edges: NodeEdges): FoundCycle[] {
  const { nodes } = index;
  const count = nodes.length;
  const found: FoundCycle[] = [];
  const finished = new Uint8Array(count);
  const stackPosition = new Int32Array(count).fill(-1);
  const stack = new Int32Array(count);
  const cursor = new Int32Array(count);
  for (let root = 0; root < count; root++) {
    if (finished[root]) continue;
    let depth = 0;
    stack[0] = root;
    cursor[0] = edges.start[root]!;
    stackPosition[root] = 0;
    while (depth >= 0) {
      const node = stack[depth]!;
      const at = cursor[depth]!;
      if (at >= edges.start[node + 1]!) {
        stackPosition[node] = -1;
        finished[node] = 1;
        depth--;
        continue;
      }
      cursor[depth] = at + 1;
      const next = edges.targets[at]!;
      if (finished[next]) continue;
      const position = stackPosition[next]!;
      if (position >= 0) {
        found.push(describeCycle(nodes, stack, position, depth));
        continue;
      }
      depth++;
      stack[depth] = next;
      cursor[depth] = edges.start[next]!;
      stackPosition[next] = depth;
    }
  }
  return found;
}

function describeCycle(nodes: readonly RalphTask[], stack: Int32Array, from: number, top: number): FoundCycle {
  const length = top - from + 1;
  const idAt = (i: number): string => nodes[stack[i]!]!.id;
  const range = (a: number, b: number): string[] => {
    const out: string[] = [];
    for (let i = a; i < b; i++) out.push(idAt(i));
    return out;
  };
  const ids =
    length <= PATH_END_IDS * 2 + 1
      ? range(from, top + 1)
      : [...range(from, from + PATH_END_IDS), `… ${length - PATH_END_IDS * 2} more …`, ...range(top + 1 - PATH_END_IDS, top + 1)];
  const first = idAt(from);
  return {
    task: nodes[stack[top]!]!,
    path: [...ids, first].join(' -> '),
    length,
    ids: range(from, Math.min(top + 1, from + PICTURE_IDS)),
    closesOn: first,
  };
}
