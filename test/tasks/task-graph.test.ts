import { describe, expect, it } from 'vitest';
import { inspectTaskFile } from '../../src/core/tasks/inspect-task-file.js';
import { codes, entryLine, taskFileText, withCode, type RawTask, t } from './helpers.js';

const errorsAndWarnings = (tasks: RawTask[]) =>
  codes(inspectTaskFile(taskFileText(tasks)).diagnostics.filter((d) => d.severity !== 'notice'));

describe('ids', () => {
  it('reports an id that is empty after trimming', () => {
    const text = taskFileText([t('T1', 'done'), t('  ', 'todo')]);
    const [d] = withCode(inspectTaskFile(text).diagnostics, 'task_id_empty');
    expect(d).toMatchObject({
      severity: 'error',
      message: 'Task ids must be non-empty strings.',
      position: { line: entryLine(text, '  '), column: 5 },
    });
    expect(errorsAndWarnings([t('T1', 'done'), t(' T2', 'todo')])).toEqual([]);
  });

  it('reports duplicate ids with every location', () => {
    const text = taskFileText([t('T1', 'done'), t('T2', 'done'), t('T1', 'done')]);
    const [d] = withCode(inspectTaskFile(text).diagnostics, 'duplicate_task_id');
    const first = entryLine(text, 'T1');
    const second = text.split('\n').findIndex((l, i) => i + 1 > first + 1 && l.includes('"id": "T1"'));
    expect(d!.message).toBe(
      `Task id T1 must be unique. Found duplicates at tasks[0] (line ${first}, column 5), tasks[2] (line ${second}, column 5).`,
    );
    expect(d!.position).toEqual({ line: first, column: 5 });
    expect(errorsAndWarnings([t('T1', 'done'), t('T1.1', 'done')])).toEqual([]);
  });
});

describe('parents', () => {
  it('reports a task that is its own parent', () => {
    const text = taskFileText([t('T1', 'todo', { parentId: 'T1' })]);
    const [d] = withCode(inspectTaskFile(text).diagnostics, 'self_parent_reference');
    expect(d!.message).toBe(`Task T1 at tasks[0] (line ${entryLine(text, 'T1')}, column 5) cannot reference itself as parent.`);
    expect(errorsAndWarnings([t('T1', 'done'), t('T2', 'todo', { parentId: 'T3' }), t('T3', 'todo')])).toEqual([]);
  });

  it('reports a parentId that names no task', () => {
    const text = taskFileText([t('T1', 'todo', { parentId: 'T0' })]);
    const [d] = withCode(inspectTaskFile(text).diagnostics, 'orphaned_parent_reference');
    expect(d!.message).toBe(`Task T1 at tasks[0] (line ${entryLine(text, 'T1')}, column 5) references missing parentId T0.`);
  });

  it('reports a parent cycle with its path', () => {
    const text = taskFileText([t('A', 'todo', { parentId: 'C' }), t('B', 'todo', { parentId: 'A' }), t('C', 'todo', { parentId: 'B' })]);
    const cycles = withCode(inspectTaskFile(text).diagnostics, 'parent_cycle');
    expect(cycles.map((d) => d.message)).toEqual([
      `Task B at tasks[1] (line ${entryLine(text, 'B')}, column 5) is part of parent cycle: A -> C -> B -> A.`,
    ]);
    expect(errorsAndWarnings([t('A', 'todo'), t('B', 'todo', { parentId: 'A' }), t('C', 'todo', { parentId: 'B' })])).toEqual([]);
  });

  it('infers legacy parents from dotted, dashed and slashed ids, longest known prefix first', () => {
    const result = inspectTaskFile(
      taskFileText([
        t('T1', 'in_progress'),
        t('T1.1', 'in_progress'),
        t('T1.1-a', 'todo'),
        t('x/y', 'todo'),
        t('x', 'todo'),
        t('T2.1', 'todo'),
      ]),
    );
    const parents = Object.fromEntries(result.tasks.map((task) => [task.id, task.parentId]));
    expect(parents).toEqual({ T1: undefined, 'T1.1': 'T1', 'T1.1-a': 'T1.1', 'x/y': 'x', x: undefined, 'T2.1': undefined });
  });

  it('reports a done parent with unfinished descendants (inferred parent, grandchildren, in file order)', () => {
    const text = taskFileText([t('T1', 'done'), t('T1.1', 'done'), t('T1.1.1', 'blocked'), t('T1.2', 'in_progress')]);
    const [d] = withCode(inspectTaskFile(text).diagnostics, 'completed_parent_with_incomplete_descendants');
    expect(d!.message).toBe(
      `Task T1 at tasks[0] (line ${entryLine(text, 'T1')}, column 5) is marked done but descendant tasks are still unfinished: T1.1.1 (blocked), T1.2 (in_progress).`,
    );
    const inner = withCode(inspectTaskFile(text).diagnostics, 'completed_parent_with_incomplete_descendants');
    expect(inner.map((x) => x.key)).toEqual(['T1', 'T1.1']);
    expect(errorsAndWarnings([t('T1', 'in_progress'), t('T1.1', 'done'), t('T1.2', 'blocked')])).toEqual([]);
  });

  it('lists the first descendants and counts the rest', () => {
    const tasks = [t('P', 'done'), ...Array.from({ length: 25 }, (_, i) => t(`P.${i}`, 'blocked'))];
    const [d] = withCode(inspectTaskFile(taskFileText(tasks)).diagnostics, 'completed_parent_with_incomplete_descendants');
    expect(d!.message).toMatch(/P\.0 \(blocked\), .*P\.19 \(blocked\), … and 5 more\.$/);
  });

  it('strips the parent of a todo task under a done parent, with a warning instead of the descendants error', () => {
    const text = taskFileText([t('T1', 'done'), t('T2', 'todo', { parentId: 'T1' })]);
    const result = inspectTaskFile(text);
    expect(codes(result.diagnostics.filter((d) => d.severity !== 'notice'))).toEqual(['auto_corrected_parent_reference']);
    const [d] = result.diagnostics;
    expect(d!.message).toBe(
      `Task T2 at tasks[1] (line ${entryLine(text, 'T2')}, column 5) had parentId "T1" which is already done; parentId stripped to prevent a stuck state.`,
    );
    expect(result.tasks[1]!.parentId).toBeUndefined();
  });

  it('keeps the descendants error for in_progress and blocked children of a done parent (near miss)', () => {
    for (const status of ['in_progress', 'blocked']) {
      expect(errorsAndWarnings([t('T1', 'done'), t('T1.1', status)])).toEqual(['completed_parent_with_incomplete_descendants']);
    }
  });
});

describe('dependencies', () => {
  it('reports a task that depends on itself', () => {
    const text = taskFileText([t('T1', 'todo', { dependsOn: ['T1'] })]);
    const diagnostics = inspectTaskFile(text).diagnostics.filter((d) => d.severity === 'error');
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['self_dependency_reference', `Task T1 at tasks[0] (line ${entryLine(text, 'T1')}, column 5) cannot depend on itself.`],
    ]);
    expect(errorsAndWarnings([t('T1', 'done'), t('T1.1', 'todo', { dependsOn: ['T1'] })])).not.toContain('self_dependency_reference');
  });

  it('reports a missing dependency', () => {
    const text = taskFileText([t('T1', 'done'), t('T2', 'todo', { dependsOn: ['T1', 'T3'] })]);
    const [d] = withCode(inspectTaskFile(text).diagnostics, 'invalid_dependency_reference');
    expect(d!.message).toBe(`Task T2 at tasks[1] (line ${entryLine(text, 'T2')}, column 5) references missing dependency T3.`);
    expect(errorsAndWarnings([t('T1', 'done'), t('T2', 'todo', { dependsOn: ['T1'] })])).toEqual([]);
  });

  it('reports a done task whose dependency is not done', () => {
    const text = taskFileText([t('T1', 'blocked'), t('T2', 'done', { dependsOn: ['T1'] })]);
    const [d] = withCode(inspectTaskFile(text).diagnostics, 'completed_task_with_incomplete_dependencies');
    expect(d!.message).toBe(`Task T2 at tasks[1] (line ${entryLine(text, 'T2')}, column 5) is marked done but dependency T1 is blocked.`);
    expect(errorsAndWarnings([t('T1', 'blocked'), t('T2', 'todo', { dependsOn: ['T1'] })])).toEqual([]);
  });

  it('reports a dependency cycle with its path, once per closing edge', () => {
    const text = taskFileText([
      t('A', 'todo', { dependsOn: ['B'] }),
      t('B', 'todo', { dependsOn: ['C'] }),
      t('C', 'todo', { dependsOn: ['A'] }),
    ]);
    const cycles = withCode(inspectTaskFile(text).diagnostics, 'dependency_cycle');
    expect(cycles.map((d) => d.message)).toEqual([
      `Task C at tasks[2] (line ${entryLine(text, 'C')}, column 5) is part of dependency cycle: A -> B -> C -> A.`,
    ]);
  });

  it('does not report a diamond as a cycle (near miss)', () => {
    expect(
      errorsAndWarnings([
        t('A', 'todo', { dependsOn: ['B', 'C'] }),
        t('B', 'todo', { dependsOn: ['D'] }),
        t('C', 'todo', { dependsOn: ['D'] }),
        t('D', 'todo'),
      ]),
    ).toEqual([]);
  });

  it('shortens the path of a long cycle in the middle', () => {
    const n = 200;
    const tasks = Array.from({ length: n }, (_, i) => t(`N${i}`, 'todo', { dependsOn: [`N${(i + 1) % n}`] }));
    const [d] = withCode(inspectTaskFile(taskFileText(tasks)).diagnostics, 'dependency_cycle');
    expect(d!.message).toMatch(/dependency cycle: N0 -> N1 -> .* -> N11 -> … 176 more … -> N188 -> .* -> N199 -> N0\.$/);
  });
});

describe('graph picture data', () => {
  it('keeps the cycle, the done parent with its unfinished descendants and the missing dependency, flagged', () => {
    const result = inspectTaskFile(
      taskFileText([
        t('A', 'todo', { dependsOn: ['B'] }),
        t('B', 'todo', { dependsOn: ['A'] }),
        t('P', 'done'),
        t('P.1', 'done'),
        t('P.1.1', 'blocked'),
        t('Q', 'todo', { dependsOn: ['Z'] }),
      ]),
    );
    const labels = result.problems.map((p) => p.label);
    expect(labels).toEqual([
      'dependency cycle',
      'done parent with unfinished descendants',
      'done parent with unfinished descendants',
      'missing dependency',
    ]);
    const parent = result.problems[1]!;
    expect(parent.nodes).toEqual(['P', 'P.1.1', 'P.1']);
    expect(parent.edges).toEqual([
      { from: 'P.1.1', to: 'P.1', kind: 'parent', problem: false },
      { from: 'P.1', to: 'P', kind: 'parent', problem: false },
    ]);
    expect(result.problems[3]).toMatchObject({
      nodes: ['Q', 'Z'],
      problemNodes: ['Z'],
      edges: [{ from: 'Q', to: 'Z', kind: 'dependsOn', problem: true }],
    });
  });
});
