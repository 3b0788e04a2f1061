import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectTaskFile } from '../../src/core/tasks/inspect-task-file.js';
import { lineOf, ruleIds, runOn, taskFileText, type RawTask } from './helpers.js';

const CORPUS = join(import.meta.dirname, '../fixtures/corpus/real/ralphdex');
const read = (name: string) => readFileSync(join(CORPUS, name), 'utf8');
const TASK_FILES = ['tasks-3124f304.json', 'tasks-457d2d9b.json', 'tasks-ae3bb975.json', 'tasks-caccb52b.json'];

describe('real Ralphdex task graphs (accepted by Ralphdex preflight upstream)', () => {
  it.each(TASK_FILES)('%s gives no errors', async (name) => {
    const { findings } = await runOn({ '.ralph/tasks.json': read(name) });
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(findings.filter((f) => f.severity === 'warning')).toEqual([]);
    expect(findings.map((f) => f.ruleId)).toEqual(['tasks/next_task']);
  });

  it('the real claims file checked against its task graph gives no errors', async () => {
    const { findings } = await runOn(
      { '.ralph/tasks.json': read('tasks-457d2d9b.json'), '.ralph/claims.json': read('claims-8c7f287c.json') },
      { commitTime: new Date('2026-04-01T00:00:00Z') },
    );
    expect(findings.filter((f) => f.file === '.ralph/claims.json')).toEqual([]);
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('the same claims against an older graph name the tasks it does not have', async () => {
    const { findings } = await runOn({
      '.ralph/tasks.json': read('tasks-3124f304.json'),
      '.ralph/claims.json': read('claims-8c7f287c.json'),
    });
    const unknown = findings.filter((f) => f.ruleId === 'tasks/claim_unknown_task');
    expect(unknown).toHaveLength(63);
    expect(unknown.every((f) => f.severity === 'warning' && f.file === '.ralph/claims.json')).toBe(true);
  });
});

describe('a real graph with injected drift', () => {
  const original = read('tasks-ae3bb975.json');
  const file = JSON.parse(original) as { version: 2; tasks: RawTask[]; mutationCount?: number };
  const writeLikeRalphdex = (tasks: RawTask[]) => `${JSON.stringify({ ...file, tasks }, null, 2)}\n`;

  it('round-trips through JSON.stringify (so the injected copy keeps Ralphdex formatting)', () => {
    expect(writeLikeRalphdex(file.tasks)).toBe(original);
  });

  it('yields exactly the cycle, duplicate, missing dependency and auto-corrected parent, each at its line', async () => {
    const tasks = structuredClone(file.tasks);
    const todo = tasks.filter((t) => t.status === 'todo');
    const done = tasks.filter((t) => t.status === 'done');
    const [x, y, z] = [todo[0]!, todo[1]!, todo[2]!];
    x.dependsOn = [y.id as string];
    y.dependsOn = [x.id as string];
    z.dependsOn = [...((z.dependsOn as string[]) ?? []), 'T-missing-1'];
    const duplicated = structuredClone(done[3]!);
    tasks.push(duplicated);
    const child: RawTask = { id: 'T-injected-child', title: 'Follow-up under a finished parent', status: 'todo', parentId: done[5]!.id };
    tasks.push(child);
    const text = writeLikeRalphdex(tasks);

    const { findings } = await runOn({ '.ralph/tasks.json': text });
    expect(ruleIds(findings)).toEqual([
      'tasks/auto_corrected_parent_reference',
      'tasks/dependency_cycle',
      'tasks/duplicate_task_id',
      'tasks/invalid_dependency_reference',
    ]);
    const at = (rule: string) => findings.find((f) => f.ruleId === rule)!;
    const linesOfEntries = text.split('\n').flatMap((l, i) => (l.startsWith('    {') ? [i + 1] : []));
    const entryLineAt = (index: number) => linesOfEntries[index]!;
    const indexOf = (task: RawTask) => tasks.indexOf(task);

    expect(at('tasks/dependency_cycle')).toMatchObject({ line: entryLineAt(indexOf(y)), column: 5 });
    expect(at('tasks/dependency_cycle').message).toContain(`is part of dependency cycle: ${x.id} -> ${y.id} -> ${x.id}.`);
    expect(at('tasks/duplicate_task_id')).toMatchObject({ line: entryLineAt(indexOf(done[3]!)) });
    expect(at('tasks/duplicate_task_id').message).toContain(`(line ${entryLineAt(tasks.length - 2)}, column 5)`);
    expect(at('tasks/invalid_dependency_reference')).toMatchObject({ line: entryLineAt(indexOf(z)) });
    expect(at('tasks/invalid_dependency_reference').message).toMatch(/references missing dependency T-missing-1\.$/);
    expect(at('tasks/auto_corrected_parent_reference')).toMatchObject({
      line: lineOf(text, '"id": "T-injected-child"') - 1,
      severity: 'warning',
    });
  });
});

describe('a 100,000-task chain closed into a cycle', () => {
  it('is validated without a stack overflow and reports the cycle', () => {
    const n = 100_000;
    const tasks = Array.from({ length: n }, (_, i) => ({
      id: `C${i}`,
      title: `Chain ${i}`,
      status: 'todo',
      dependsOn: [`C${(i + 1) % n}`],
    }));
    const result = inspectTaskFile(taskFileText(tasks));
    const cycles = result.diagnostics.filter((d) => d.code === 'dependency_cycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.message).toMatch(
      /^Task C99999 at tasks\[99999\] \(line \d+, column 5\) is part of dependency cycle: C0 -> C1 -> .* -> C99999 -> C0\.$/,
    );
    expect(cycles[0]!.message).toContain(`${n - 24} more`);
    expect(result.problems[0]).toMatchObject({ label: 'dependency cycle', omitted: n - 60 });
  });

  it('a 100,000-deep parent chain under a done root reports each done ancestor in linear time', () => {
    const n = 100_000;
    const tasks = Array.from({ length: n }, (_, i) => ({
      id: `P${i}`,
      title: `Level ${i}`,
      status: i === n - 1 ? 'blocked' : 'done',
      ...(i ? { parentId: `P${i - 1}` } : {}),
    }));
    const result = inspectTaskFile(taskFileText(tasks));
    const reports = result.diagnostics.filter((d) => d.code === 'completed_parent_with_incomplete_descendants');
    expect(reports).toHaveLength(n - 1);
    expect(reports[0]!.message).toMatch(/descendant tasks are still unfinished: P99999 \(blocked\)\.$/);
  });
});
