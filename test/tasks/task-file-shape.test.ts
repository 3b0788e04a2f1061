import { describe, expect, it } from 'vitest';
import { inspectTaskFile } from '../../src/core/tasks/inspect-task-file.js';
import { codes, entryLine, lineOf, taskFileText, withCode } from './helpers.js';

const ok = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Task ${id}`, status: 'done', ...extra });

describe('task file shape', () => {
  it('reports a JSON syntax error at its own line and column', () => {
    const text = '{\n  "version": 2,\n  "tasks": [\n    { "id": "T1", "title": "a", "status": "todo" }\n    { "id": "T2" }\n  ]\n}\n';
    const [d] = inspectTaskFile(text).diagnostics;
    expect(d).toMatchObject({ code: 'task_file_json_invalid', severity: 'error', position: { line: 5, column: 5 } });
    expect(d!.message).toBe('Task file must be valid JSON: Comma expected (line 5, column 5).');
  });

  it('accepts valid JSON with no syntax diagnostic (near miss)', () => {
    const result = inspectTaskFile(taskFileText([ok('T1')]));
    expect(withCode(result.diagnostics, 'task_file_json_invalid')).toEqual([]);
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"tasks"'],
    ['null', 'null'],
  ])('refuses a top level that is %s', (_what, text) => {
    const result = inspectTaskFile(text);
    expect(codes(result.diagnostics)).toEqual(['task_file_not_object']);
    expect(result.diagnostics[0]!.message).toBe('Task file must be a JSON object.');
  });

  it('requires a tasks array, pointing at the wrong value when there is one', () => {
    const text = '{\n  "version": 2,\n  "tasks": {}\n}\n';
    const [d] = inspectTaskFile(text).diagnostics;
    expect(d).toMatchObject({
      code: 'task_array_missing',
      message: 'Task file must contain a tasks array.',
      position: { line: 3, column: 12 },
    });
    expect(codes(inspectTaskFile('{"version": 2}').diagnostics)).toEqual(['task_array_missing']);
  });

  it('an empty tasks array is a valid file (near miss)', () => {
    expect(inspectTaskFile('{"version": 2, "tasks": []}').diagnostics).toEqual([]);
  });

  it('warns about a version other than 2 and still checks the legacy file', () => {
    const text = taskFileText([ok('T1', { dependsOn: ['T9'] })], { version: 1 });
    const result = inspectTaskFile(text);
    expect(withCode(result.diagnostics, 'unsupported_version')[0]).toMatchObject({
      severity: 'warning',
      position: { line: lineOf(text, '"version"'), column: 14 },
    });
    expect(withCode(result.diagnostics, 'invalid_dependency_reference')).toHaveLength(1);
    expect(codes(inspectTaskFile(taskFileText([ok('T1')], {})).diagnostics)).toContain('unsupported_version');
    expect(codes(inspectTaskFile(taskFileText([ok('T1')], { version: 2 })).diagnostics)).not.toContain('unsupported_version');
  });

  it('reports an entry that is not an object, and stops before the graph checks', () => {
    const text = taskFileText([ok('T1', { dependsOn: ['missing'] }), 'T2' as unknown as Record<string, unknown>]);
    const result = inspectTaskFile(text);
    const [d] = withCode(result.diagnostics, 'task_entry_invalid');
    expect(d!.message).toBe(`Task entry 2 at tasks[1] (line ${lineOf(text, '"T2"')}, column 5) is invalid: Task entries must be objects.`);
    expect(withCode(result.diagnostics, 'invalid_dependency_reference')).toEqual([]);
    expect(result.index).toBeUndefined();
  });

  it.each([
    ['a missing title', { id: 'T1', status: 'todo' }],
    ['a numeric id', { id: 1, title: 'x', status: 'todo' }],
    ['an unknown status', { id: 'T1', title: 'x', status: 'doing' }],
  ])('reports an entry with %s', (_what, entry) => {
    const text = taskFileText([entry]);
    const [d] = inspectTaskFile(text).diagnostics;
    expect(d).toMatchObject({ code: 'task_entry_invalid', severity: 'error', position: { line: 4, column: 5 } });
    expect(d!.message).toMatch(/is invalid: Each task requires string id\/title fields and a valid status\.$/);
  });

  it('reports a blank title, and accepts a title with surrounding spaces (near miss)', () => {
    expect(codes(inspectTaskFile(taskFileText([{ id: 'T1', title: '   ', status: 'todo' }])).diagnostics)).toContain('task_entry_invalid');
    const trimmed = inspectTaskFile(taskFileText([{ id: 'T1', title: '  x  ', status: 'todo' }]));
    expect(withCode(trimmed.diagnostics, 'task_entry_invalid')).toEqual([]);
    expect(trimmed.tasks[0]!.title).toBe('x');
  });

  it('auto-corrects drifted field names and checks the corrected value', () => {
    const text = taskFileText([ok('T1'), { id: 'T2', title: 'b', status: 'todo', depends_on: ['T1', 'T9'], Acceptance_Criteria: ['x'] }]);
    const result = inspectTaskFile(text);
    const corrected = withCode(result.diagnostics, 'auto_corrected_task_field');
    expect(corrected.map((d) => d.message)).toEqual([
      `Task entry 2 at tasks[1] (line ${entryLine(text, 'T2')}, column 5) used "depends_on" which was auto-corrected to "dependsOn".`,
      `Task entry 2 at tasks[1] (line ${entryLine(text, 'T2')}, column 5) used "Acceptance_Criteria" which was auto-corrected to "acceptance".`,
    ]);
    expect(corrected.every((d) => d.severity === 'warning')).toBe(true);
    expect(result.tasks[1]!.dependsOn).toEqual(['T1', 'T9']);
    expect(result.tasks[1]!.acceptance).toEqual(['x']);
    expect(withCode(result.diagnostics, 'invalid_dependency_reference')).toHaveLength(1);
  });

  it('leaves fields that are already named right alone (near miss)', () => {
    const result = inspectTaskFile(
      taskFileText([
        ok('T1'),
        { id: 'T2', title: 'b', status: 'todo', dependsOn: ['T1'], acceptance: ['a'], context: ['src/x.ts'], mode: 'default' },
      ]),
    );
    expect(withCode(result.diagnostics, 'auto_corrected_task_field')).toEqual([]);
    expect(withCode(result.diagnostics, 'unknown_task_field')).toEqual([]);
  });

  it('does not rename a drifted field when the right one is present', () => {
    const result = inspectTaskFile(
      taskFileText([ok('T1'), { id: 'T2', title: 'b', status: 'todo', dependsOn: ['T1'], dependencies: ['T9'] }]),
    );
    const [d] = withCode(result.diagnostics, 'auto_corrected_task_field');
    expect(d!.message).toMatch(/used "dependencies" alongside "dependsOn"; "dependencies" was ignored\.$/);
    expect(result.tasks[1]!.dependsOn).toEqual(['T1']);
    expect(withCode(result.diagnostics, 'invalid_dependency_reference')).toEqual([]);
  });

  it('reports unknown fields once per field name, and not the fields Ralphdex knows (near miss)', () => {
    const text = taskFileText([
      ok('T1', { estimate: 3, tier: 'simple', writeRiskLabels: ['db'], lastVerifierResult: 'passed', lastReconciliationWarning: 'w' }),
      ok('T2', { estimate: 5 }),
      ok('T3', { owner: 'me' }),
    ]);
    const unknown = withCode(inspectTaskFile(text).diagnostics, 'unknown_task_field');
    expect(unknown.map((d) => [d.severity, d.message])).toEqual([
      [
        'notice',
        `Task entry 1 at tasks[0] (line ${entryLine(text, 'T1')}, column 5) has unknown field "estimate" (and 1 more task); Ralphdex ignores it.`,
      ],
      ['notice', `Task entry 3 at tasks[2] (line ${entryLine(text, 'T3')}, column 5) has unknown field "owner"; Ralphdex ignores it.`],
    ]);
    expect(unknown[0]!.position!.line).toBe(lineOf(text, '"estimate"'));
  });

  it('normalises optional fields the way Ralphdex does', () => {
    const result = inspectTaskFile(
      taskFileText([
        ok('T0'),
        {
          id: ' T1 ',
          title: 't',
          status: 'todo',
          dependsOn: [' T0 ', 'T0', '', 3],
          priority: 'urgent',
          notes: '  ',
          mode: 'documentation',
        },
      ]),
    );
    expect(result.tasks[1]).toEqual({ id: 'T1', title: 't', status: 'todo', dependsOn: ['T0'], mode: 'documentation', index: 1 });
  });
});
