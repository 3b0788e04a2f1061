import type { DetectedLayout } from '../core/config/detect.js';
import { describeDiscovery } from '../core/discovery/describe-discovery.js';
import type { CheckName } from '../core/finding.js';
import { showControlCharacters } from '../core/terminal-safe.js';

/**
 * The config `plangate init` writes: what detection found, each line saying why, the checks that
 * run spelled out, and the main options with their defaults. Every repository-controlled string
 * is a JSON-quoted YAML scalar or an escaped comment, so a folder name cannot add a key.
 */
export function renderInitialConfig(detected: DetectedLayout, checks: readonly CheckName[], schemaId: string): string {
  const comment = (text: string) => `# ${showControlCharacters(text)}`;
  const lines = [
    `# yaml-language-server: $schema=${schemaId}`,
    '# plangate config, written by `plangate init` for what it found in this repository.',
    '# The Action and the App read it from the base branch, so a pull request cannot weaken its own gate.',
    '#',
    '# Detected:',
  ];
  for (const e of detected.evidence ?? []) lines.push(comment(`  ${e.preset}: ${e.because.replace(/`/g, '')}`));
  for (const m of detected.nearMisses ?? []) lines.push(comment(`  not ${m.preset}: ${m.because.replace(/`/g, '')}`));
  if (detected.discovery) lines.push(comment(`  ${describeDiscovery(detected.discovery)}`));
  lines.push(
    '',
    '# auto: detect the layout on every run (detected now: ' +
      (detected.presets.join(', ') || 'no planning tool') +
      '); pin it with e.g. [omx]',
    'presets: [auto]',
    // An empty list would switch detection off for good: with no `checks:`, skills, plans and task graphs added later are found.
    checks.length
      ? `checks: [${checks.join(', ')}]`
      : '# checks: not pinned: nothing detected yet, so every run detects skills, plans and task graphs (list checks here to pin them)',
    '',
    'plans:',
    '  require: when-changed   # always | when-changed | never: a change to docs or .github/ needs no plan',
    '  matching: slug          # slug (newest oh-my-codex) | any',
    '  mustChangeInPr: false   # true: the pull request itself must add or edit a plan',
    '  requireAdr: false',
    '  exemptLabels: [plangate:skip]',
  );
  if (detected.skillRoots.length) {
    lines.push(
      '',
      'catalog:',
      `  skillRoots: [${detected.skillRoots.map((r) => JSON.stringify(r)).join(', ')}]`,
      '  uncataloged: error       # error | warning | off: a skill folder the catalog does not name',
      '  ignore: []               # [{ rule: skills/unknown_frontmatter_key, paths: ["skills/**"], reason: "our own keys" }]',
    );
  }
  lines.push(
    '',
    'scan:',
    '  failOn: high            # high | medium | low | never',
    '  ignore: []              # [{ rule: S003, paths: ["docs/**"], reason: "install docs" }]',
    '  # accept findings that are already there: `plangate baseline --reason "..."` writes .plangate/scan-baseline.json',
    '',
  );
  if (detected.discovery?.ignored.length) {
    lines.push('# discovery.ignore lists the folders never searched for skills (default: vendored, build and fixture folders)', '');
  }
  return lines.join('\n');
}
