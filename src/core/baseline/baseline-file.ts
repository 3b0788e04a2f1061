import * as z from 'zod/mini';
import '../zod-messages.js';
import type { CheckName } from '../finding.js';

/**
 * One accepted finding in the baseline file (`scan.baseline`, default
 * `.plangate/scan-baseline.json`). The fingerprint is what counts; `content` (rule and content
 * without the path) lets the entry follow its finding to a renamed or moved file; the rest is for
 * reviewers, and fields a reviewer adds are kept.
 */
export const baselineEntrySchema = z.looseObject({
  fingerprint: z.string().check(z.minLength(1)),
  content: z.optional(z.string().check(z.minLength(1))),
  rule: z.optional(z.string().check(z.minLength(1))),
  file: z.optional(z.string()),
  line: z.optional(z.int().check(z.positive())),
  message: z.optional(z.string()),
  reason: z.optional(z.string()),
});

export const baselineFileSchema = z.looseObject({
  version: z.literal(1),
  suppressions: z.array(z.unknown()),
});

export type BaselineRecord = z.infer<typeof baselineEntrySchema>;

/** The check a rule id belongs to (`S001` and `scan/…` → scan, `skills/…` → catalog); undefined for one no baseline covers. */
export function checkOfRule(rule: string | undefined): CheckName | undefined {
  if (rule === undefined || /^S\d{3}$/.test(rule) || rule.startsWith('scan/')) return 'scan';
  if (rule.startsWith('catalog/') || rule.startsWith('skills/')) return 'catalog';
  if (rule.startsWith('tasks/')) return 'tasks';
  return undefined;
}

/** The text of a baseline file, as `plangate baseline` and `plangate init` write it. */
export function formatBaselineFile(records: readonly BaselineRecord[]): string {
  return `${JSON.stringify({ version: 1, suppressions: records }, null, 2)}\n`;
}
