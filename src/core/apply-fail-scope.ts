import type { CheckContext } from './check-context.js';
import type { ResolvedConfig } from './config/resolve-config.js';
import type { Finding } from './finding.js';

/**
 * With `failScope: changed`, an error on lines the change did not touch is reported as a notice.
 * A finding counts as touched when any line of its span changed, and a file the base does not
 * have is new in every line; without a line scope (it could not be read) nothing is downgraded.
 */
export function applyFailScope(findings: Finding[], config: ResolvedConfig, context: CheckContext): Finding[] {
  const lines = context.changedLines;
  if (config.failScope !== 'changed' || !lines) return findings;
  return findings.map((f) => {
    if (f.severity !== 'error' || f.check === 'plans' || !f.file || !f.line) return f;
    if (context.base && !context.base.entry(f.file)) return f;
    const first = f.line;
    const last = Math.max(f.endLine ?? first, first);
    const touched = lines.get(f.file)?.some(([from, to]) => from <= last && to >= first);
    return touched ? f : { ...f, severity: 'notice' as const, message: `${f.message} (existing before this change; failScope: changed)` };
  });
}
