import type { VirtualText } from '../surfaces/launch-units.js';
import { spliced } from './sourced-values.js';

/** `sync_verb = "push"`, `const spec = 'refs/heads/*:refs/heads/*'`: a name given one short string literal. */
const CONSTANT =
  /^[ \t]{0,12}(?:(?:const|let|var|final|val)[ \t]{1,4})?([A-Za-z_]\w{0,40})[ \t]{0,4}(?::[ \t]{0,4}\w{1,20}[ \t]{0,4})?=[ \t]{0,4}(["'])([^"'\n\\$#{}]{1,200})\2[ \t;]{0,4}(?:(?:#|\/\/)[^\n]{0,200})?$/gm;

/** A call whose arguments are a command line: a literal flag among them (`git(sync_verb, "--prune", remote, mirror_spec)`). */
const ARGUMENT_LIST = /\b[A-Za-z_][\w.]{0,60}\s{0,4}\(((?:[^()\n]|\w\(\)){0,400}?["']-{1,2}[\w-]{1,30}["'](?:[^()\n]|\w\(\)){0,400}?)\)/g;

/**
 * A function of no arguments that gives an address unless one is configured (`def target_remote(): … return configured or
 * "https://wip-sync.dev/r/" + slug() + ".git"`): its call is that address, as the program runs it by default.
 */
const ADDRESS_BY_DEFAULT =
  /^[ \t]{0,8}(?:def|function|func)[ \t]{1,4}([A-Za-z_]\w{0,40})[ \t]{0,4}\([ \t]{0,4}\)[^\n]{0,40}\n(?:[^\n]{0,200}\n){0,4}?[ \t]{1,12}return[ \t]{1,4}(?:[^\n]{0,80}?(?:\bor|\|\||\?\?)[ \t]{0,4})?(["'])(https?:\/\/[^"'\s]{1,200})\2/gm;

/** How many times a text sets `name` (`x = …`, `x += …`, `x ||= …`, `x <<= …`): a constant is set once. */
function assignmentsOf(text: string, name: string): number {
  return text.match(new RegExp(String.raw`(?<![\w.])${name}\s{0,4}(?:\+|-|\|\||<<)?=(?!=)`, 'g'))?.length ?? 0;
}

/** The most constants one program is read with, and the longest program read again. */
const MAX_CONSTANTS = 200;
const MAX_BYTES = 256 * 1024;

/**
 * A program read again with the string constants it names in the argument lists of its commands written in place
 * (`git(sync_verb, "--prune", remote, mirror_spec)` read as `git("push", "--prune", remote, "refs/heads/*:refs/heads/*")`):
 * what the call runs, not the names it is spelled with. A name set more than once is not a constant and stays.
 */
export function withProgramConstants(text: string): Pick<VirtualText, 'text' | 'pieces'> | null {
  if (text.length > MAX_BYTES || !/["']-{1,2}[\w-]/.test(text)) return null;
  const values = new Map<string, string>();
  const literals = new Map<string, number>();
  for (const m of text.matchAll(CONSTANT)) {
    if (values.size >= MAX_CONSTANTS) break;
    literals.set(m[1]!, (literals.get(m[1]!) ?? 0) + 1);
    values.set(m[1]!, m[3]!);
  }
  const addresses = new Map<string, string>();
  if (text.includes('return')) for (const m of text.matchAll(ADDRESS_BY_DEFAULT)) addresses.set(m[1]!, m[3]!);
  if (!values.size && !addresses.size) return null;
  // Whether a name is given one literal and set nowhere else, read once per name (not once per argument that names it).
  const setOnce = new Map<string, boolean>();
  const constant = (name: string) => {
    let once = setOnce.get(name);
    if (once === undefined) setOnce.set(name, (once = literals.get(name) === 1 && assignmentsOf(text, name) === 1));
    return once;
  };
  const replacements: { at: number; end: number; value: string }[] = [];
  for (const call of text.matchAll(ARGUMENT_LIST)) {
    const argsAt = call.index + call[0].indexOf('(') + 1;
    for (const arg of call[1]!.matchAll(/(?<=^|,)\s{0,4}([A-Za-z_]\w{0,40})\s{0,4}(?=,|$)/g)) {
      const name = arg[1]!;
      const value = values.get(name);
      if (value === undefined || !constant(name)) continue;
      const at = argsAt + arg.index + arg[0].indexOf(name);
      replacements.push({ at, end: at + name.length, value: JSON.stringify(value) });
    }
    for (const arg of call[1]!.matchAll(/(?<=^|,)\s{0,4}([A-Za-z_]\w{0,40})\(\)\s{0,4}(?=,|$)/g)) {
      const address = addresses.get(arg[1]!);
      if (address === undefined) continue;
      const at = argsAt + arg.index + arg[0].indexOf(arg[1]!);
      replacements.push({ at, end: at + arg[1]!.length + 2, value: JSON.stringify(address) });
    }
  }
  return spliced(text, replacements);
}
