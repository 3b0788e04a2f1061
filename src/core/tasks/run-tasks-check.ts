import type { CheckContext, CheckOutput, CheckRunner } from '../check-context.js';
import { makeFinding, type Finding } from '../finding.js';
import { readText } from '../read-text.js';
import type { GraphPicture } from '../report.js';
import type { RepoSnapshot } from '../snapshot.js';
import { buildGraphPicture } from './build-graph-picture.js';
import { checkClaims } from './check-claims.js';
import { findTaskFiles } from './find-task-files.js';
import { inspectTaskFile, type TaskFileInspection } from './inspect-task-file.js';
import { parseClaimsFile } from './parse-claims-file.js';
import { parseRalphPrd } from './parse-ralph-prd.js';
import type { TaskDiagnostic } from './task-diagnostic.js';
import { TASK_RULE_HELP } from './task-rule-help.js';
import type { TaskStatus } from './task-model.js';
import { pushAll } from '../push-all.js';

/** docs/rules/tasks.md: Ralphdex task graphs, claims, and ralph prd.json files. */
export const runTasksCheck: CheckRunner = async (snapshot, config, context) => {
  const files = findTaskFiles(snapshot, config);
  const findings: Finding[] = [];
  const graphs: GraphPicture[] = [];
  const inspections = new Map<string, TaskFileInspection>();

  for (const file of files.taskFiles) {
    const text = await readText(snapshot, file);
    if (!text) {
      findings.push(unreadable(file));
      continue;
    }
    const inspection = inspectTaskFile(text.text);
    inspections.set(file, inspection);
    pushAll(findings, toFindings(file, inspection.diagnostics));
    const picture = buildGraphPicture(file, inspection.problems, inspection.index);
    if (picture) graphs.push(picture);
  }

  for (const lock of files.lockFiles) {
    findings.push(
      toFinding(lock, {
        code: 'lock_file_committed',
        severity: 'warning',
        message: `${lock} is in the tree: a crashed Ralphdex run left this lock behind and nothing should commit it. Remove it from git and add it to .gitignore.`,
        key: lock,
      }),
    );
  }

  if (files.claimsFile)
    pushAll(findings, await claimFindings(snapshot, files.claimsFile, inspections, config.tasks.claimTtlHours, context.now));

  for (const file of files.prdFiles) {
    const text = await readText(snapshot, file);
    if (!text) {
      findings.push(unreadable(file));
      continue;
    }
    pushAll(findings, toFindings(file, parseRalphPrd(text.text, file).diagnostics));
  }

  const output: CheckOutput = { findings };
  if (graphs.length) output.details = { graphs };
  return output;
};

async function claimFindings(
  snapshot: RepoSnapshot,
  claimsFile: string,
  inspections: ReadonlyMap<string, TaskFileInspection>,
  ttlHours: number,
  now: CheckContext['now'],
): Promise<Finding[]> {
  const text = await readText(snapshot, claimsFile);
  if (!text) return [unreadable(claimsFile)];
  const reference = typeof now === 'function' ? await now() : now;
  const parsed = parseClaimsFile(text.text);
  const [tasksFile, tasks] = pairedTaskFile(claimsFile, inspections) ?? [];
  let taskStatus: Map<string, TaskStatus> | undefined;
  if (tasks?.readable) {
    taskStatus = new Map();
    for (const task of tasks.tasks) if (!taskStatus.has(task.id)) taskStatus.set(task.id, task.status);
  }
  const diagnostics = checkClaims(parsed, {
    taskStatus,
    taskIds: tasks?.readable ? tasks.entryIds() : undefined,
    tasksFile,
    ttlHours,
    now: reference ?? snapshot.commitTime,
  });
  return toFindings(claimsFile, [...parsed.diagnostics, ...diagnostics]);
}

/** The task file the claims are about: the one in the same directory, else the first that was read. */
function pairedTaskFile(
  claimsFile: string,
  inspections: ReadonlyMap<string, TaskFileInspection>,
): [string, TaskFileInspection] | undefined {
  const dir = claimsFile.slice(0, claimsFile.lastIndexOf('/') + 1);
  const all = [...inspections];
  return all.find(([file]) => file.slice(0, file.lastIndexOf('/') + 1) === dir) ?? all[0];
}

/** A file the listing gave as a file that cannot be read when its turn comes: never taken as valid. */
function unreadable(file: string): Finding {
  return toFinding(file, {
    code: 'file_unreadable',
    severity: 'error',
    message: `${file} was listed as a file to check but could not be read as one (it changed since the listing, or is not readable), so it was not checked.`,
    key: file,
  });
}

function toFindings(file: string, diagnostics: readonly TaskDiagnostic[]): Finding[] {
  return diagnostics.map((d) => toFinding(file, d));
}

function toFinding(file: string, d: TaskDiagnostic): Finding {
  return makeFinding({
    check: 'tasks',
    ruleId: `tasks/${d.code}`,
    severity: d.severity,
    file,
    line: d.position?.line,
    column: d.position?.column,
    message: d.message,
    help: TASK_RULE_HELP[d.code],
    fingerprintKey: d.key,
  });
}
