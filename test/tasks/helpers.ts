import { resolveConfig, type ResolvedConfig } from '../../src/core/config/resolve-config.js';
import type { PlangateConfigInput } from '../../src/core/config/schema.js';
import type { CheckContext } from '../../src/core/check-context.js';
import type { Finding } from '../../src/core/finding.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import type { TaskDiagnostic } from '../../src/core/tasks/task-diagnostic.js';
import { runTasksCheck } from '../../src/core/tasks/run-tasks-check.js';

export type RawTask = Record<string, unknown>;

/** A task entry with a title from its id. */
export const t = (id: string, status: string, extra: RawTask = {}): RawTask => ({ id, title: `Task ${id}`, status, ...extra });

/** A task file the way Ralphdex writes it (two-space indentation). */
export function taskFileText(tasks: RawTask[], top: Record<string, unknown> = { version: 2 }): string {
  return `${JSON.stringify({ ...top, tasks }, null, 2)}\n`;
}

/** 1-based line of the first line containing `needle`. */
export function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`not in text: ${needle}`);
  return text.slice(0, at).split('\n').length;
}

/** Line of the `{` that opens the task whose first key is `"id": "<id>"` (the next occurrence after `from`). */
export function entryLine(text: string, id: string): number {
  return lineOf(text, `"id": "${id}"`) - 1;
}

export function codes(diagnostics: readonly TaskDiagnostic[]): string[] {
  return diagnostics.map((d) => d.code).sort();
}

export function withCode(diagnostics: readonly TaskDiagnostic[], code: string): TaskDiagnostic[] {
  return diagnostics.filter((d) => d.code === code);
}

export function ralphdexConfig(user?: PlangateConfigInput): ResolvedConfig {
  return resolveConfig(user, { presets: ['ralphdex'], skillRoots: [] }, 'test');
}

export async function runOn(
  files: Record<string, string | Uint8Array>,
  options: { config?: ResolvedConfig; context?: CheckContext; commitTime?: Date } = {},
): Promise<{ findings: Finding[]; output: Awaited<ReturnType<typeof runTasksCheck>> }> {
  const snapshot = new MemorySnapshot(files, 'test', options.commitTime);
  const output = await runTasksCheck(snapshot, options.config ?? ralphdexConfig(), options.context ?? {});
  return { findings: output.findings, output };
}

export function ruleIds(findings: readonly Finding[], severities: readonly string[] = ['error', 'warning']): string[] {
  return findings
    .filter((f) => severities.includes(f.severity))
    .map((f) => f.ruleId)
    .sort();
}
