import type { CodeOrigin } from '../scan-types.js';
import { inlineScripts } from './inline-scripts.js';
import type { LaunchEntry, Located } from './launch-entry.js';

/**
 * A text the scanner builds from config values (it is not in the file as written: JSON
 * escapes are decoded, arguments joined), with where each part came from.
 */
export interface VirtualText {
  /** `code`: a command line or an inline script; `launch`: a descriptor line for the MCP and hook rules. */
  kind: 'code' | 'launch';
  origin: CodeOrigin;
  text: string;
  /** Ascending `[textIndex, fileOffset]`: text[i] maps to fileOffset + (i − textIndex) of the last pair at or before i. */
  pieces: [number, number][];
}

/** Builds a virtual text piece by piece. */
class Builder {
  text = '';
  pieces: [number, number][] = [];
  constructor(private readonly fallback: number) {}
  /** Literal words of the descriptor: they point at `at` (the entry, or the value before). */
  word(s: string, at = this.fallback): this {
    this.pieces.push([this.text.length, at]);
    this.text += s;
    return this;
  }
  value(v: Located): this {
    return this.word(v.value, v.offset);
  }
  done(kind: VirtualText['kind'], origin: CodeOrigin): VirtualText {
    return { kind, origin, text: this.text, pieces: this.pieces };
  }
}

/** File offset of a value's last character. */
function lastCharacter(v: Located): number {
  return v.offset + Math.max(0, v.value.length - 1);
}

/** Quotes an argument the way a shell would need it, so the command line reads as one. */
function shellWord(arg: string): string {
  return arg === '' || /[\s"'`$|&;<>(){}\\*?!#~]/.test(arg) ? `'${arg.replace(/'/g, `'\\''`)}'` : arg;
}

/** `command arg 'two words'`: how the client runs it. */
function commandLine(command: readonly Located[], fallback: number): Builder {
  const b = new Builder(fallback);
  command.forEach((part, i) => {
    if (i > 0) b.word(' ', part.offset);
    if (i === 0 && part.parts) {
      for (const read of part.parts) b.word(read.value, read.offset);
      return;
    }
    const word = i === 0 ? part.value : shellWord(part.value);
    // A quoted word starts one character before the value.
    b.word(word, word === part.value ? part.offset : Math.max(0, part.offset - 1));
  });
  return b;
}

/**
 * One entry → what the rules read: its command line and inline scripts as code (every shell
 * rule applies), and descriptor lines of kind `launch` for the MCP and hook rules.
 */
export function launchUnits(entry: LaunchEntry): VirtualText[] {
  const out: VirtualText[] = [];
  const at = entry.name.offset;
  const line = entry.command.length ? commandLine(entry.command, at) : undefined;
  if (line) out.push(line.done('code', 'launch'));
  for (const script of inlineScripts(entry.command))
    out.push({ kind: 'code', origin: 'inline-script', text: script.value, pieces: [[0, script.offset]] });
  const subject = entry.kind === 'mcp-server' ? 'server' : entry.kind === 'hook' ? 'hook' : 'settings';
  const head = () => new Builder(at).word(`${subject} `).value(entry.name).word(' ', at);
  const target = (b: Builder) => {
    if (line) {
      b.word('runs ', at);
      line.pieces.forEach(([index, offset], i) => b.word(line.text.slice(index, line.pieces[i + 1]?.[0] ?? line.text.length), offset));
    }
    if (entry.url) b.word(line ? ' connects ' : 'connects ', at).value(entry.url);
    return b;
  };
  const forTarget = (b: Builder, joint: string, offset: number) => (line || entry.url ? target(b.word(joint, offset)) : b);
  // A package script runs only when asked by name: its command is judged, no client starts it.
  if (entry.kind === 'script') return out;
  if (line || entry.url) out.push(target(head()).done('launch', 'launch'));
  for (const env of entry.env) {
    const flag = entry.kind === 'setting' && entry.name.value === 'flags';
    const b = head()
      .word(flag ? '' : 'gets env ', env.key.offset)
      .value(env.key)
      // The joint points at the key's last character, so a match ending on it quotes the whole key.
      .word('=', lastCharacter(env.key));
    if (env.value) b.value(env.value);
    out.push(forTarget(b, ' for ', env.key.offset).done('launch', 'launch'));
  }
  for (const header of entry.headers) {
    const b = head()
      .word('sends header ', header.key.offset)
      .value(header.key)
      .word(': ', lastCharacter(header.key) - 1);
    if (header.value) b.value(header.value);
    out.push(forTarget(b, ' to ', header.key.offset).done('launch', 'launch'));
  }
  return out;
}

/** File offset of a position in a virtual text. */
export function virtualOffset(text: Pick<VirtualText, 'pieces'>, index: number): number {
  let lo = 0;
  let hi = text.pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (text.pieces[mid]![0] <= index) lo = mid;
    else hi = mid - 1;
  }
  const [from, offset] = text.pieces[lo] ?? [0, 0];
  return offset + (index - from);
}
