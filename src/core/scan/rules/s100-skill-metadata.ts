import type { FrontmatterCheckInput, FrontmatterHit, ScanRule } from './scan-rule.js';

/** SKILL.md only: agent files and references have no required keys. */
function isSkillFile(path: string): boolean {
  return /(?:^|\/)SKILL\.md$/i.test(path);
}

function missingKey(key: 'name' | 'description') {
  return (input: FrontmatterCheckInput): FrontmatterHit[] => {
    if (!isSkillFile(input.path)) return [];
    const fm = input.frontmatter;
    if (!fm.present) return [{ line: 1, matched: `no frontmatter (${key})` }];
    // A broken YAML block is the catalog check's finding; here it would only repeat it.
    if (!fm.data) return [];
    const value = fm.data[key];
    if (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null) return [];
    return [{ line: fm.keyLines.get(key) ?? fm.startLine ?? 1, matched: `${key}: ${value === undefined ? '(missing)' : '(empty)'}` }];
  };
}

export const s100MissingName: ScanRule = {
  id: 'S100',
  name: 'missing-name',
  level: 'MEDIUM',
  capabilities: [],
  reads: [],
  frontmatter: missingKey('name'),
  why: 'SKILL.md has no `name` in its frontmatter: agents and catalogs cannot identify the skill (oh-my-copilot validation parity).',
  fix: 'Add `name: <skill-dir-name>` to the frontmatter.',
  detectors: [],
  examples: {
    match: [
      { path: 'SKILL.md', text: '---\ndescription: Formats text.\n---\n# Formatter\n' },
      { path: 'SKILL.md', text: '# No frontmatter at all\n' },
    ],
    noMatch: [
      { path: 'SKILL.md', text: '---\nname: formatter\ndescription: Formats text.\n---\n# Formatter\n' },
      { path: 'references/notes.md', text: '# No frontmatter needed here\n' },
    ],
  },
};

export const s101MissingDescription: ScanRule = {
  id: 'S101',
  name: 'missing-description',
  level: 'MEDIUM',
  capabilities: [],
  reads: [],
  frontmatter: missingKey('description'),
  why: 'SKILL.md has no `description`: the agent decides when to load a skill from its description, so this skill is never chosen (or chosen blindly).',
  fix: 'Add `description: <what it does and when to use it>` to the frontmatter.',
  detectors: [],
  examples: {
    match: [
      { path: 'SKILL.md', text: '---\nname: formatter\n---\n# Formatter\n' },
      { path: 'SKILL.md', text: '---\nname: formatter\ndescription: ""\n---\n# Formatter\n' },
    ],
    noMatch: [{ path: 'SKILL.md', text: '---\nname: formatter\ndescription: Formats text.\n---\n# Formatter\n' }],
  },
};
