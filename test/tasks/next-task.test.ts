import { describe, expect, it } from 'vitest';
import { inspectTaskFile } from '../../src/core/tasks/inspect-task-file.js';
import { entryLine, taskFileText, withCode, type RawTask, t } from './helpers.js';

const notice = (tasks: RawTask[]) => withCode(inspectTaskFile(taskFileText(tasks)).diagnostics, 'next_task');

describe('next actionable task notice', () => {
  it('prefers an actionable in_progress task over an earlier todo', () => {
    const text = taskFileText([t('T1', 'todo'), t('T2', 'in_progress')]);
    const [d] = withCode(inspectTaskFile(text).diagnostics, 'next_task');
    expect(d).toMatchObject({ severity: 'notice', position: { line: entryLine(text, 'T2'), column: 5 } });
    expect(d!.message).toBe(`Next actionable task: T2 (in_progress) "Task T2" at tasks[1] (line ${entryLine(text, 'T2')}, column 5).`);
  });

  it('skips tasks whose dependencies are not all done', () => {
    const [d] = notice([
      t('T0', 'blocked'),
      t('T1', 'in_progress', { dependsOn: ['T0'] }),
      t('T2', 'todo', { dependsOn: ['T3'] }),
      t('T3', 'done'),
    ]);
    expect(d!.message).toMatch(/^Next actionable task: T2 \(todo\)/);
  });

  it('orders by priority within a status, then by file order', () => {
    expect(
      notice([
        t('T1', 'todo', { priority: 'low' }),
        t('T2', 'todo'),
        t('T3', 'todo', { priority: 'high' }),
        t('T4', 'todo', { priority: 'high' }),
      ])[0]!.message,
    ).toMatch(/^Next actionable task: T3 /);
  });

  it('says the backlog is exhausted when every task is done', () => {
    expect(notice([t('T1', 'done'), t('T2', 'done')])[0]!.message).toBe('Backlog exhausted: all 2 tasks are done.');
  });

  it('says the backlog is exhausted when nothing unfinished is actionable', () => {
    expect(notice([t('T1', 'blocked'), t('T2', 'todo', { dependsOn: ['T1'] })])[0]!.message).toBe(
      'Backlog exhausted: no actionable task; 2 unfinished tasks are blocked or waiting on dependencies.',
    );
  });

  it('says selection is blocked by ledger drift when the graph has an error', () => {
    const [d] = notice([t('T1', 'todo', { dependsOn: ['T9'] })]);
    expect(d!.message).toMatch(
      /^Blocked by ledger drift: no task can be selected safely until this is fixed: Task T1 at tasks\[0\] .* references missing dependency T9\.$/,
    );
  });

  it('is not given for a file that is not JSON', () => {
    expect(withCode(inspectTaskFile('{').diagnostics, 'next_task')).toEqual([]);
  });
});
