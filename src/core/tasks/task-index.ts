import type { RalphTask } from './task-model.js';

/** Tasks by id: the first occurrence (what Ralphdex resolves references to) and every repeat. */
export interface TaskIndex {
  first: Map<string, RalphTask>;
  /** Ids that occur more than once, with every occurrence in file order. */
  duplicates: Map<string, RalphTask[]>;
}

export function indexTasks(tasks: readonly RalphTask[]): TaskIndex {
  const first = new Map<string, RalphTask>();
  const duplicates = new Map<string, RalphTask[]>();
  for (const task of tasks) {
    const earlier = first.get(task.id);
    if (!earlier) {
      first.set(task.id, task);
      continue;
    }
    const list = duplicates.get(task.id);
    if (list) list.push(task);
    else duplicates.set(task.id, [earlier, task]);
  }
  return { first, duplicates };
}
