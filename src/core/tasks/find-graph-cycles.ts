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
 * Self-loops are left to the `self_*_reference` codes.
 */
export function findGraphCycles(tasks: ReadonlyMap<string, RalphTask>, neighbours: (task: RalphTask) => readonly string[]): FoundCycle[] {
  const found: FoundCycle[] = [];
  const finished = new Set<string>();
  const stackPosition = new Map<string, number>();
  const stack: RalphTask[] = [];
  const cursor: number[] = [];
  for (const start of tasks.values()) {
    if (finished.has(start.id)) continue;
    stack.push(start);
    cursor.push(0);
    stackPosition.set(start.id, 0);
    while (stack.length) {
      const top = stack.length - 1;
      const task = stack[top]!;
      const next = neighbours(task);
      const at = cursor[top]!;
      if (at >= next.length) {
        stack.pop();
        cursor.pop();
        stackPosition.delete(task.id);
        finished.add(task.id);
        continue;
      }
      cursor[top] = at + 1;
      const neighbourId = next[at]!;
      if (neighbourId === task.id || finished.has(neighbourId)) continue;
      const neighbour = tasks.get(neighbourId);
      if (!neighbour) continue;
      const position = stackPosition.get(neighbourId);
      if (position !== undefined) {
        found.push(describeCycle(stack, position, task));
        continue;
      }
      stackPosition.set(neighbourId, stack.length);
      stack.push(neighbour);
      cursor.push(0);
    }
  }
  return found;
}

function describeCycle(stack: readonly RalphTask[], from: number, closing: RalphTask): FoundCycle {
  const length = stack.length - from;
  const first = stack[from]!.id;
  let ids: string[];
  if (length <= PATH_END_IDS * 2 + 1) {
    ids = stack.slice(from).map((t) => t.id);
  } else {
    const head = stack.slice(from, from + PATH_END_IDS).map((t) => t.id);
    const tail = stack.slice(stack.length - PATH_END_IDS).map((t) => t.id);
    ids = [...head, `… ${length - PATH_END_IDS * 2} more …`, ...tail];
  }
  const picture = stack.slice(from, from + PICTURE_IDS).map((t) => t.id);
  return { task: closing, path: [...ids, first].join(' -> '), length, ids: picture, closesOn: first };
}
