/**
 * Each placeholder of the agent command template and the environment variable that carries
 * its value: the values never enter the command text, only a reference to the variable does.
 */
export const AGENT_PLACEHOLDERS = {
  '{prompt_file}': 'PLANGATE_RALPH_PROMPT_FILE',
  '{story_id}': 'PLANGATE_RALPH_STORY_ID',
  '{workdir}': 'PLANGATE_RALPH_WORKDIR',
} as const;
export type AgentPlaceholder = keyof typeof AGENT_PLACEHOLDERS;

export type BoundTemplate = { ok: true; command: string } | { ok: false; problem: string };

type Frame =
  /** Top level, `$(…)` (closed by `)` outside its own parentheses) or `` `…` ``. */
  | { kind: 'command'; closer: 'end' | ')' | '`'; parens: number }
  | { kind: 'double-quoted' }
  | { kind: 'parameter'; quoted: boolean }
  | { kind: 'arithmetic'; parens: number };

const PLACEHOLDER_NAMES = Object.keys(AGENT_PLACEHOLDERS) as AgentPlaceholder[];
const WORD_BREAK = /[\s;&|()<>]/;

/**
 * The operator's template (run with `sh -c`) with every placeholder replaced by a reference to
 * its environment variable, quoted for where it stands: `"${VAR}"` in plain shell text and in
 * `$(…)`/backticks, `${VAR}` inside double quotes, `'"${VAR}"'` inside single quotes. The shell
 * expands each to exactly its value, as one word, and never parses the value as syntax — a
 * story id, a work directory name can hold any text. Placeholders inside `${…}` or `$((…))`,
 * and unbalanced quotes, are refused. Pure, linear in the template, no recursion.
 */
export function bindAgentTemplate(template: string): BoundTemplate {
  const stack: Frame[] = [{ kind: 'command', closer: 'end', parens: 0 }];
  let out = '';
  let i = 0;
  let wordStart = true;
  while (i < template.length) {
    const frame = stack[stack.length - 1]!;
    const placeholder = placeholderAt(template, i);
    if (placeholder) {
      if (frame.kind === 'parameter' || frame.kind === 'arithmetic') {
        return {
          ok: false,
          problem: `the agent template uses ${placeholder} inside ${frame.kind === 'parameter' ? '${…}' : '$((…))'}; put it in plain text or quotes`,
        };
      }
      const reference = `\${${AGENT_PLACEHOLDERS[placeholder]}}`;
      out += frame.kind === 'double-quoted' ? reference : `"${reference}"`;
      i += placeholder.length;
      wordStart = false;
      continue;
    }
    const c = template[i]!;
    const opened = openedAt(template, i, frame);
    if (c === '\\') {
      out += template.slice(i, i + 2);
      i += 2;
      wordStart = false;
      continue;
    }
    if (opened) {
      stack.push(opened.frame);
      out += opened.text;
      i += opened.text.length;
      wordStart = true;
      continue;
    }
    if (c === "'" && (frame.kind === 'command' || (frame.kind === 'parameter' && !frame.quoted))) {
      const end = template.indexOf("'", i + 1);
      if (end < 0) return { ok: false, problem: 'the agent template has an unterminated single quote' };
      out += `'${substituteInSingleQuotes(template.slice(i + 1, end))}'`;
      i = end + 1;
      wordStart = false;
      continue;
    }
    if (closes(frame, template, i)) {
      stack.pop();
      const text = frame.kind === 'arithmetic' ? '))' : c;
      out += text;
      i += text.length;
      wordStart = false;
      continue;
    }
    if (frame.kind === 'command' || frame.kind === 'arithmetic') {
      if (c === '(') frame.parens++;
      if (c === ')' && frame.parens > 0) frame.parens--;
    }
    if (frame.kind === 'command' && c === '#' && wordStart) {
      const end = template.indexOf('\n', i);
      const stop = end < 0 ? template.length : end;
      out += template.slice(i, stop);
      i = stop;
      continue;
    }
    wordStart = frame.kind === 'command' && WORD_BREAK.test(c);
    out += c;
    i++;
  }
  if (stack.length !== 1) return { ok: false, problem: 'the agent template has an unterminated quote or substitution' };
  return { ok: true, command: out };
}

function placeholderAt(text: string, i: number): AgentPlaceholder | undefined {
  if (text[i] !== '{') return undefined;
  return PLACEHOLDER_NAMES.find((name) => text.startsWith(name, i));
}

/** A quote or substitution that starts at `i` in this frame. */
function openedAt(text: string, i: number, frame: Frame): { frame: Frame; text: string } | undefined {
  if (frame.kind === 'arithmetic') return undefined;
  if (text.startsWith('$((', i)) return { frame: { kind: 'arithmetic', parens: 0 }, text: '$((' };
  if (text.startsWith('$(', i)) return { frame: { kind: 'command', closer: ')', parens: 0 }, text: '$(' };
  if (text.startsWith('${', i)) return { frame: { kind: 'parameter', quoted: frame.kind === 'double-quoted' }, text: '${' };
  const c = text[i];
  if (c === '`' && !(frame.kind === 'command' && frame.closer === '`'))
    return { frame: { kind: 'command', closer: '`', parens: 0 }, text: '`' };
  if (c === '"' && frame.kind !== 'double-quoted') return { frame: { kind: 'double-quoted' }, text: '"' };
  return undefined;
}

function closes(frame: Frame, text: string, i: number): boolean {
  const c = text[i];
  switch (frame.kind) {
    case 'double-quoted':
      return c === '"';
    case 'parameter':
      return c === '}';
    case 'arithmetic':
      return frame.parens === 0 && text.startsWith('))', i);
    case 'command':
      return (frame.closer === ')' && c === ')' && frame.parens === 0) || (frame.closer === '`' && c === '`');
  }
}

/** Inside single quotes: close them, put the quoted reference, open them again. */
function substituteInSingleQuotes(body: string): string {
  let out = body;
  for (const name of PLACEHOLDER_NAMES) out = out.replaceAll(name, `'"\${${AGENT_PLACEHOLDERS[name]}}"'`);
  return out;
}
