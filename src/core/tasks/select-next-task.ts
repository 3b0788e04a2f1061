import type { TaskDiagnostic } from './task-diagnostic.js';
import type { TaskIndex } from './task-index.js';
import type { EntryLocator } from './task-locator.js';
import type { RalphTask, TaskPriority } from './task-model.js';

const PRIORITY_ORDER: Record<TaskPriority, number> = { high: 0, normal: 1, low: 2 };

/**
 * The task Ralphdex would select next: actionable (every `dependsOn` done) `in_progress`
 * tasks first, then actionable `todo` ones; within each, higher priority first, then
 * file order.
 */
export function selectNextTask(tasks: readonly RalphTask[], index: TaskIndex): RalphTask | undefined {
  let best: RalphTask | undefined;
  let bestRank = Infinity;
  for (const task of tasks) {
    if (task.status !== 'in_progress' && task.status !== 'todo') continue;
    const rank = (task.status === 'in_progress' ? 0 : 3) + PRIORITY_ORDER[task.priority ?? 'normal'];
    if (rank >= bestRank) continue;
    if ((task.dependsOn ?? []).every((id) => index.first.get(id)?.status === 'done')) {
      best = task;
      bestRank = rank;
    }
  }
  return best;
}

/** The `tasks/next_task` notice: the selection, or why there is none. */
export function nextTaskNotice(
  tasks: readonly RalphTask[],
  index: TaskIndex | undefined,
  firstError: TaskDiagnostic | undefined,
  locator: EntryLocator,
): TaskDiagnostic {
  if (firstError || !index) {
    return {
      code: 'next_task',
      severity: 'notice',
      message: `Blocked by ledger drift: no task can be selected safely until this is fixed: ${firstError?.message ?? 'the task file could not be read.'}`,
      position: firstError?.position,
      key: 'next',
    };
  }
  const next = selectNextTask(tasks, index);
  if (next) {
    return {
      code: 'next_task',
      severity: 'notice',
      message: `Next actionable task: ${next.id} (${next.status}) "${next.title}" at ${locator.location(next.index)}.`,
      position: locator.position(next.index),
      key: 'next',
    };
  }
  const open = tasks.filter((t) => t.status !== 'done').length;
  return {
    code: 'next_task',
    severity: 'notice',
    message:
      open === 0
        ? `Backlog exhausted: all ${tasks.length} tasks are done.`
        : `Backlog exhausted: no actionable task; ${open} unfinished task${open === 1 ? ' is' : 's are'} blocked or waiting on dependencies.`,
    key: 'next',
  };
}
