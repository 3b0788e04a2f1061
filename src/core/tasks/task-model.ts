/** The Ralphdex task model (`.ralph/tasks.json`, version 2) after normalisation. */
export const TASK_STATUSES = ['todo', 'in_progress', 'blocked', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export type TaskPriority = 'low' | 'normal' | 'high';

export interface RalphTask {
  id: string;
  title: string;
  status: TaskStatus;
  /** Explicit, or inferred from the id for legacy files; stripped when it pointed at a done parent of a todo task. */
  parentId?: string;
  /** Trimmed, non-empty, de-duplicated. */
  dependsOn?: string[];
  notes?: string;
  validation?: string;
  blocker?: string;
  priority?: TaskPriority;
  mode?: 'default' | 'documentation';
  tier?: 'simple' | 'medium' | 'complex';
  acceptance?: string[];
  constraints?: string[];
  context?: string[];
  writeRiskLabels?: string[];
  lastVerifierResult?: 'passed' | 'failed' | 'skipped';
  lastReconciliationWarning?: string;
  /** Position in the file's `tasks` array. */
  index: number;
}
