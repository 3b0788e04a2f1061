import { checkDoneParents } from './check-done-parents.js';
import { checkTaskCycles } from './check-task-cycles.js';
import { checkTaskReferences } from './check-task-references.js';
import type { GraphProblem } from './graph-problem.js';
import { inferLegacyParents, stripDoneParents } from './infer-parents.js';
import { parseTaskFile, type ParsedTaskFile } from './parse-task-file.js';
import { nextTaskNotice } from './select-next-task.js';
import { uniqueDiagnostics, type TaskDiagnostic } from './task-diagnostic.js';
import { indexTasks, type TaskIndex } from './task-index.js';
import { pushAll } from '../push-all.js';

export interface TaskFileInspection extends ParsedTaskFile {
  /** Set when the graph checks ran (the file was readable and every entry valid). */
  index?: TaskIndex;
  /** The parts of the graph the diagnostics are about, for the report's picture. */
  problems: GraphProblem[];
}

/**
 * Everything docs/rules/tasks.md asks of one task file, in Ralphdex's order: parse and
 * normalise; stop on entry-level errors; infer legacy parents; strip done parents of
 * todo tasks; graph checks; de-duplicate; then the next-task notice.
 */
export function inspectTaskFile(text: string): TaskFileInspection {
  const parsed = parseTaskFile(text);
  const diagnostics: TaskDiagnostic[] = [...parsed.diagnostics];
  const problems: GraphProblem[] = [];
  let index: TaskIndex | undefined;
  if (parsed.readable && parsed.entriesValid) {
    const { tasks, locator } = parsed;
    inferLegacyParents(tasks);
    const stripped = stripDoneParents(tasks, locator);
    index = indexTasks(tasks);
    const references = checkTaskReferences(tasks, index, locator);
    const doneParents = checkDoneParents(tasks, index, locator);
    const cycles = checkTaskCycles(index, locator);
    pushAll(diagnostics, stripped.diagnostics, references.diagnostics, doneParents.diagnostics, cycles.diagnostics);
    // Most telling first: the picture keeps the first nodes it is given.
    pushAll(problems, cycles.problems, doneParents.problems, references.problems, stripped.problems);
  }
  const unique = uniqueDiagnostics(diagnostics);
  if (parsed.readable && (parsed.tasks.length > 0 || !parsed.entriesValid)) {
    const firstError = unique.find((d) => d.severity === 'error');
    unique.push(nextTaskNotice(parsed.tasks, index, firstError, parsed.locator));
  }
  return { ...parsed, diagnostics: unique, index, problems };
}
