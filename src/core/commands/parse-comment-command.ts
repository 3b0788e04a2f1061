import { codeSpan } from '../markdown-safe.js';
import { COMMAND_HELP, COMMAND_NAMES, renderCommandHelp, type CommandName } from './command-help.js';
import { validatePlanPath } from './validate-plan-path.js';

export type CommentCommand =
  | { command: Exclude<CommandName, 'approve'>; args: string[] }
  | { command: 'approve'; args: string[]; /** The validated PRD path, when one was given. */ path?: string };

export type CommentCommandParse =
  | { kind: 'none' }
  | ({ kind: 'command' } & CommentCommand)
  /** A `/plangate` line that cannot be run; `message` is the answer (markdown, content escaped). */
  | { kind: 'error'; command?: CommandName; message: string };

const PREFIX = /^\/plangate(?=\s|$)/i;
/** Only the first line is read, and only this much of it. */
const MAX_LINE = 4096;

/**
 * A comment is a command when its first line starts with `/plangate` (docs/approval.md).
 * `/plangate` alone is `help`. Never throws: anything else is `none` or an `error` whose
 * message is the answer to post (the help text for an unknown command).
 */
export function parseCommentCommand(body: string): CommentCommandParse {
  const firstLine = body
    .replace(/^\ufeff/, '')
    .split(/\r\n|\r|\n/, 1)[0]!
    .replace(/^[ \t]+/, '');
  if (!PREFIX.test(firstLine)) return { kind: 'none' };
  if (firstLine.length > MAX_LINE)
    return { kind: 'error', message: `The command line is longer than ${MAX_LINE} characters.\n\n${renderCommandHelp()}` };
  const tokens = tokenize(firstLine.replace(PREFIX, ''));
  if (!tokens.ok) return { kind: 'error', message: `${tokens.message}\n\n${renderCommandHelp()}` };
  const [word, ...args] = tokens.tokens;
  if (word === undefined) return { kind: 'command', command: 'help', args: [] };
  const command = COMMAND_NAMES.find((name) => name === word.toLowerCase());
  if (!command) return { kind: 'error', message: `Unknown command ${codeSpan(word, 40)}.\n\n${renderCommandHelp()}` };
  if (command === 'approve') return parseApprove(args);
  if (args.length) {
    return {
      kind: 'error',
      command,
      message: `${codeSpan(`/plangate ${command}`)} takes no arguments (usage: \`${COMMAND_HELP[command].usage}\`).`,
    };
  }
  return { kind: 'command', command, args };
}

function parseApprove(args: string[]): CommentCommandParse {
  const usage = `usage: \`${COMMAND_HELP.approve.usage}\``;
  if (args.length > 1)
    return {
      kind: 'error',
      command: 'approve',
      message: `\`/plangate approve\` takes at most one path (${usage}); quote a path that has spaces.`,
    };
  if (!args.length) return { kind: 'command', command: 'approve', args };
  const checked = validatePlanPath(args[0]!);
  if (!checked.ok) return { kind: 'error', command: 'approve', message: `Cannot approve that path: ${checked.message} (${usage}).` };
  return { kind: 'command', command: 'approve', args, path: checked.path };
}

type Tokens = { ok: true; tokens: string[] } | { ok: false; message: string };

/** Whitespace-separated words; `"…"`, `'…'` or `` `…` `` keep spaces inside one word. */
function tokenize(text: string): Tokens {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end < 0)
        return {
          ok: false,
          message: `A quoted argument is not closed (missing ${c === '`' ? 'backtick' : c === '"' ? 'double quote' : 'single quote'}).`,
        };
      tokens.push(text.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    let end = i;
    while (end < text.length && !/\s/.test(text[end]!)) end++;
    tokens.push(text.slice(i, end));
    i = end;
  }
  return { ok: true, tokens };
}
