import { outlineMarkdown } from '../plans/markdown-outline.js';

/** Info strings of fences that hold shell commands (an untagged fence counts too). */
const SHELL_INFO = new Set(['', 'bash', 'sh', 'shell', 'zsh', 'console', 'terminal', 'shell-session']);
const PROMPT = /^\$\s+/;

/**
 * The verify commands of a test spec: every line of its shell-fenced code blocks, one
 * command per line (a trailing `\` joins the next line; `$ ` prompts are dropped; in
 * `console` blocks only prompted lines are commands, the rest is output). Order kept,
 * duplicates dropped. Pure; never throws.
 */
export function extractVerifyCommands(testSpecText: string): string[] {
  const commands: string[] = [];
  let info: string | undefined;
  let inFence = false;
  let pending = '';
  const push = (command: string) => {
    const trimmed = command.trim();
    if (trimmed && !commands.includes(trimmed)) commands.push(trimmed);
  };
  for (const line of outlineMarkdown(testSpecText)) {
    if (line.kind === 'fence') {
      if (!inFence) info = (/^\s*(?:`{3,}|~{3,})\s*([^\s`{]*)/.exec(line.text)?.[1] ?? '').toLowerCase();
      else if (pending) push(pending);
      inFence = !inFence;
      pending = '';
      continue;
    }
    if (line.kind !== 'code' || info === undefined || !SHELL_INFO.has(info)) continue;
    const raw = line.text.trim();
    const promptOnly = info === 'console' || info === 'shell-session';
    if (!pending) {
      if (!raw || raw.startsWith('#')) continue;
      if (promptOnly && !PROMPT.test(raw)) continue;
    }
    const text = raw.replace(PROMPT, '');
    if (text.endsWith('\\')) {
      pending += `${text.slice(0, -1).trimEnd()} `;
      continue;
    }
    push(pending + text);
    pending = '';
  }
  return commands;
}
