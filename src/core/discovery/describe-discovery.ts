import type { SurfaceKind } from './agent-surfaces.js';
import type { SkillDiscovery } from './discover-skills.js';
import { describeRoot } from './skill-root-pattern.js';

const MAX_ROOTS_SHOWN = 4;

/** Each surface kind as it is counted, in the order the line lists them. */
const SURFACE_NOUNS: ReadonlyArray<[Exclude<SurfaceKind, 'skill'>, string]> = [
  ['agent', 'agent file'],
  ['instructions', 'instruction file'],
  ['rules', 'rules file'],
  ['command', 'command file'],
  ['mcp-config', 'MCP config'],
  ['settings', 'agent settings file'],
  ['hooks', 'hooks file'],
  ['plugin', 'plugin manifest'],
  ['plan', 'plan file'],
];

/**
 * One line saying what discovery found, for every output: "312 skills in skills/, plugins/<star>/skills/
 * · 8 agent files · 1 instruction file · 105 command files · not searched: test/fixtures/ (227 SKILL.md)".
 */
export function describeDiscovery(discovery: SkillDiscovery): string {
  const parts: string[] = [];
  if (discovery.skillCount) {
    const shown = discovery.roots.slice(0, MAX_ROOTS_SHOWN).map((r) => describeRoot(r.root));
    const more = discovery.roots.length - shown.length;
    parts.push(
      `${plural(discovery.skillCount, 'skill')} in ${shown.join(', ')}${more > 0 ? ` and ${more} more place${more === 1 ? '' : 's'}` : ''}`,
    );
  } else {
    parts.push('no skills');
  }
  for (const [kind, noun] of SURFACE_NOUNS) {
    const count = discovery.surfaceCounts[kind];
    if (count) parts.push(plural(count, noun));
  }
  if (discovery.ignored.length) {
    const shown = discovery.ignored.slice(0, 2).map((i) => `${i.dir}/ (${i.skills} SKILL.md)`);
    const more = discovery.ignored.length - shown.length;
    parts.push(`not searched: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''} (discovery.ignore)`);
  }
  if (discovery.truncated) parts.push(`only the first ${discovery.skills.length} skills are listed`);
  return parts.join(' · ');
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
