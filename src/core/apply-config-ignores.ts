import type { Finding, Severity } from './finding.js';
import { matchesGlobList } from './glob-match.js';

/** One `scan.ignore` / `catalog.ignore` entry: a rule (or `*`) on some paths, with the reason it is acceptable. */
export interface ConfigIgnore {
  rule: string;
  paths: readonly string[];
  reason: string;
}

/** What applying a config's ignores says about them (rule ids are `<check>/suppression_…`). */
export interface IgnoreDiagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  help: string;
}

export interface IgnoresApplied {
  kept: Finding[];
  suppressed: number;
  diagnostics: IgnoreDiagnostic[];
}

/**
 * A config's ignore entries over one check's findings: an entry with a reason suppresses the
 * findings of its rule on its paths (ordered globs, `!` excludes); one without a reason is a
 * warning and suppresses nothing; one that suppressed nothing is a notice (a renamed rule or
 * folder, or a fixed finding, leaves it behind). `key` names the entries in messages (`scan.ignore`).
 */
export function applyConfigIgnores(
  findings: readonly Finding[],
  ignores: readonly ConfigIgnore[],
  options: { key: string; prefix: string; suppressible: (f: Finding) => boolean },
): IgnoresApplied {
  const diagnostics: IgnoreDiagnostic[] = [];
  const describe = (ignore: ConfigIgnore, i: number) => `${options.key}[${i}] (${ignore.rule} on ${ignore.paths.join(', ') || '**'})`;
  const active = ignores.flatMap((ignore, i) => {
    if (ignore.reason.trim()) return [{ ignore, i, used: 0 }];
    diagnostics.push({
      ruleId: `${options.prefix}/suppression_without_reason`,
      severity: 'warning',
      message: `${describe(ignore, i)} gives no reason, so it does not suppress anything.`,
      help: 'Add `reason:` to the entry saying why these findings are acceptable.',
    });
    return [];
  });
  let suppressed = 0;
  const kept = findings.filter((f) => {
    if (!options.suppressible(f) || f.file === undefined) return true;
    const by = active.find((a) => (a.ignore.rule === '*' || a.ignore.rule === f.ruleId) && matchesGlobList(f.file!, pathsOf(a.ignore)));
    if (!by) return true;
    by.used++;
    suppressed++;
    return false;
  });
  for (const a of active) {
    if (a.used) continue;
    diagnostics.push({
      ruleId: `${options.prefix}/suppression_unused`,
      severity: 'notice',
      message: `${describe(a.ignore, a.i)} matched no finding; it can be removed (or its rule or paths fixed).`,
      help: `Remove the entry, or point it at the rule id and paths the findings have (\`plangate check --format json\` lists them).`,
    });
  }
  return { kept, suppressed, diagnostics };
}

function pathsOf(ignore: ConfigIgnore): readonly string[] {
  return ignore.paths.length ? ignore.paths : ['**'];
}
