import type { ReadKind } from '../rules/scan-rule.js';
import type { Unit } from '../scan-types.js';

/** The language of a code unit: its fence's info word, a script's extension, or shell for commands. */
export function languageOf(unit: Unit, path: string): string | undefined {
  if (unit.kind === 'config') return path.slice(path.lastIndexOf('.') + 1);
  if (unit.origin === 'script') return path.slice(path.lastIndexOf('.') + 1);
  if (unit.info) return unit.info.split(/[\s{,]/)[0]!.replace(/^\./, '');
  return undefined;
}

/**
 * A YAML list of Semgrep rules (`rules:` whose items have an `id` and `pattern…` keys) is a detection query as a
 * whole: its messages and patterns name what it looks for. Read from its structure, not its words.
 */
export function ruleFileLanguage(language: string | undefined, text: () => string): string | undefined {
  if (!language || !/^ya?ml$/i.test(language)) return language;
  const t = text();
  return /^rules\s{0,4}:\s{0,4}$/m.test(t) &&
    /^\s{0,8}-\s{1,4}id\s{0,4}:/m.test(t) &&
    /^\s{0,12}(?:-\s{1,4})?pattern(?:s|-either|-regex|-inside)?\s{0,4}:/m.test(t)
    ? 'semgrep'
    : language;
}

/** What kind a unit is read as, by detectors. */
export function readKindOf(unit: Unit): ReadKind {
  switch (unit.kind) {
    case 'code':
      return 'code';
    case 'config':
      return 'config';
    case 'comment':
      return 'comment';
    case 'frontmatter':
      return 'frontmatter';
    case 'launch':
      return 'launch';
    default:
      return 'prose';
  }
}
