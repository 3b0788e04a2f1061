import type { Finding } from '../../core/finding.js';

/** Where the rule reference lives; the link checker test resolves every anchor used here. */
export const DOCS_URL = 'https://github.com/plangate/plangate/blob/main/docs';

/** What a section says once per rule: its name, why it matters, how to fix it, and its reference. */
export interface RuleNote {
  ruleId: string;
  name?: string;
  /** The levels its findings in the section have, highest first (a rule's level comes from each finding's evidence). */
  levels: string[];
  why?: string;
  /** Set when every finding of the rule in the section has the same fix. */
  fix?: string;
  docsUrl: string;
}

const PAGE_OF_PREFIX: Record<string, string> = {
  plans: 'rules/plans.md',
  tasks: 'rules/tasks.md',
  skills: 'rules/catalog.md',
  catalog: 'rules/catalog.md',
  scan: 'rules/scan.md',
  baseline: 'rules/baseline.md',
};
const FAIL_SCOPE_SUFFIX = ' (existing before this change; failScope: changed)';

/** The page (and anchor, for scanner rules) that documents a rule id. */
export function ruleDocsPath(ruleId: string): string {
  if (/^S\d{3}$/.test(ruleId)) return `rules/scan.md#${ruleId.toLowerCase()}`;
  const prefix = ruleId.split('/')[0] ?? '';
  return PAGE_OF_PREFIX[prefix] ?? 'rules/scan.md';
}

/** One note per rule for the findings of a section, in first-seen order. */
export function ruleNotesFor(findings: readonly Finding[]): Map<string, RuleNote> {
  const notes = new Map<string, RuleNote>();
  const fixes = new Map<string, Set<string>>();
  for (const f of findings) {
    const note = notes.get(f.ruleId);
    if (note) addLevel(note, f);
    else notes.set(f.ruleId, noteOf(f));
    let seen = fixes.get(f.ruleId);
    if (!seen) fixes.set(f.ruleId, (seen = new Set()));
    seen.add(f.help ?? '');
  }
  for (const [ruleId, note] of notes) {
    const seen = [...fixes.get(ruleId)!];
    if (seen.length === 1 && seen[0]) note.fix = seen[0];
  }
  return notes;
}

const LEVEL_RANK: Record<string, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };

// The rule's name and why travel on its findings (scanner findings carry them), so rendering a
// comment never loads the scanner's rules.
function noteOf(f: Finding): RuleNote {
  const docsUrl = `${DOCS_URL}/${ruleDocsPath(f.ruleId)}`;
  return {
    ruleId: f.ruleId,
    ...(f.title && f.title !== f.ruleId ? { name: f.title } : {}),
    levels: f.level ? [f.level] : [],
    ...(f.why ? { why: f.why } : {}),
    docsUrl,
  };
}

/** A note names every level its findings have, highest first: levels come from evidence, not the rule. */
function addLevel(note: RuleNote, f: Finding): void {
  if (!f.level || note.levels.includes(f.level)) return;
  note.levels.push(f.level);
  note.levels.sort((a, b) => (LEVEL_RANK[a] ?? 9) - (LEVEL_RANK[b] ?? 9));
}

/**
 * The part of a message that is particular to this finding: the rule's name and why, shown once
 * in the rule's note, and the failScope suffix, said by the section heading, are left out.
 */
export function particularMessage(f: Finding, note: RuleNote | undefined): string {
  let message = f.message;
  if (message.endsWith(FAIL_SCOPE_SUFFIX)) message = message.slice(0, -FAIL_SCOPE_SUFFIX.length);
  if (note?.name && message.startsWith(`${note.name}: `)) message = message.slice(note.name.length + 2);
  if (note?.why) {
    const at = message.indexOf(` — ${note.why}`);
    if (at >= 0) message = message.slice(0, at) + message.slice(at + note.why.length + 3);
  }
  return message.trim() || f.message;
}
