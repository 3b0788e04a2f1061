import { matchesGlobList } from '../glob-match.js';
import type { PlansConfig } from '../config/schema.js';
import type { CheckContext } from '../check-context.js';
import { makeFinding, type Finding } from '../finding.js';

export type Requirement = { applies: true; because: string } | { applies: false; reason: string; finding: Finding };

const MAX_NAMED_FILES = 3;

/**
 * Whether the gate applies to this evaluation: `require`, `when-changed` globs, exempt labels —
 * and, whatever `whenChanged` says, a change to a test spec's verify commands (`verifyChanged`,
 * from changed-verify-commands.ts): those are code ralph runs.
 */
export function decidePlanRequirement(config: PlansConfig, context: CheckContext, verifyChanged: readonly string[] = []): Requirement {
  const exempt = context.labels?.find((l) => config.exemptLabels.includes(l.name));
  if (exempt) {
    const by = exempt.by ? ` (applied by ${exempt.by})` : '';
    const reason = `gate waived by the exempt label \`${exempt.name}\`${by}`;
    return {
      applies: false,
      reason,
      finding: notice('plans/exempt', `The planning gate was waived by the exempt label \`${exempt.name}\`${by}.`),
    };
  }
  if (config.require === 'never') {
    return {
      applies: false,
      reason: 'plans.require is never',
      finding: notice('plans/not_required', 'Plans are not required (plans.require: never).'),
    };
  }
  if (config.require === 'always') return { applies: true, because: 'plans.require is always' };
  if (!context.changedFiles)
    return {
      applies: true,
      because: 'there is no change to compare against, so every file counts as changed (check a change with --base <rev>)',
    };
  const matched = context.changedFiles.filter((f) => matchesGlobList(f, config.whenChanged));
  if (verifyChanged.length) {
    const specs = named(verifyChanged);
    const code = matched.length ? `, and touches ${named(matched)} (plans.whenChanged: ${config.whenChanged.join(', ')})` : '';
    return {
      applies: true,
      because: `this change edits the verify commands of ${specs} (a test spec's shell blocks are commands ralph runs)${code}`,
    };
  }
  if (!matched.length) {
    return {
      applies: false,
      reason: 'not required for this change',
      finding: notice(
        'plans/not_required',
        `Planning gate not required for this change: no changed file matches plans.whenChanged (${config.whenChanged.join(', ')}).`,
      ),
    };
  }
  return { applies: true, because: `this change touches ${named(matched)} (plans.whenChanged: ${config.whenChanged.join(', ')})` };
}

function named(files: readonly string[]): string {
  const shown = files
    .slice(0, MAX_NAMED_FILES)
    .map((f) => `\`${f}\``)
    .join(', ');
  return files.length > MAX_NAMED_FILES ? `${shown} and ${files.length - MAX_NAMED_FILES} more` : shown;
}

function notice(ruleId: string, message: string): Finding {
  return makeFinding({ check: 'plans', ruleId, severity: 'notice', message });
}
