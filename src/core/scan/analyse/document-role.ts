import { classifyAgentSurface } from '../../discovery/surface-classifier.js';
import type { FileType } from '../read/classify-path.js';

/**
 * What an agent does with a file: follows it (`instructions`: a skill's SKILL.md, agent, command,
 * rules and instruction files, plans and test specs), runs it (`script`), is configured by it
 * (`config`), or looks things up in it (`reference`: the other documents of a skill, READMEs, docs).
 */
export type DocumentRole = 'instructions' | 'reference' | 'script' | 'config';

/** Folders and names of the files agents read as instructions (commands, rules, prompts, steering, plans). */
const INSTRUCTION_PATH =
  /(?:^|\/)(?:\.claude\/(?:commands|agents)|\.gemini\/commands|\.codex\/prompts|\.clinerules|\.windsurf\/rules|\.roo\/rules(?:-[\w-]+)?|\.kiro\/steering|\.cursor\/(?:rules|commands)|\.github\/(?:instructions|prompts|chatmodes|agents)|\.omx\/plans|\.omc\/plans|(?:plugins\/[^/]+\/)?(?:commands|agents|prompts))\/|(?:^|\/)(?:AGENTS|AGENT|CLAUDE|CLAUDE\.local|GEMINI|SKILL)\.md$|\.(?:prompt|agent|chatmode|instructions)\.md$/i;

/** Surfaces (discovery/agent-surfaces.ts) whose text the agent follows. */
const FOLLOWED: ReadonlySet<string> = new Set(['skill', 'agent', 'instructions', 'rules', 'command', 'plan']);

export function documentRole(path: string, type: FileType): DocumentRole {
  if (type === 'script') return 'script';
  if (type === 'json' || type === 'config') return 'config';
  if (INSTRUCTION_PATH.test(path) || FOLLOWED.has(classifyAgentSurface(path)?.kind ?? '')) return 'instructions';
  return 'reference';
}
