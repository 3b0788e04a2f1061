import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './cli-io.js';

/**
 * A flag: `string` takes one value (`--x v` or `--x=v`); `list` takes values until the next
 * flag, comma-separated or not, and may repeat (`--changed a b`, `--changed a,b`, `--changed a
 * --changed b`); `boolean` takes none. `alias` maps a flag users try onto another one
 * (`--json` → `--format json`). `repeatable` takes exactly one value each time and may repeat
 * (`--verify 'npm test' --verify 'npm run lint'`), never split: for values that hold spaces and
 * commas (commands), where `--verify npm test` must be an error, not two commands.
 */
export type FlagSpec =
  | { type: 'string'; short?: string }
  | { type: 'list'; short?: string }
  | { type: 'repeatable'; short?: string }
  | { type: 'boolean'; short?: string; alias?: { flag: string; value: string } };

export interface CommandSpec {
  /** `plangate check [dir] [options]`: shown with every usage error. */
  usage: string;
  flags: Record<string, FlagSpec>;
  /** Positional arguments accepted (e.g. the directory). */
  maxPositionals: number;
}

export interface ParsedFlags {
  values: Record<string, string | string[] | boolean | undefined>;
  positionals: string[];
}

/** The flags every command that prints a report shares, so they behave alike everywhere. */
export const OUTPUT_FLAGS: Record<string, FlagSpec> = {
  format: { type: 'string' },
  json: { type: 'boolean', alias: { flag: 'format', value: 'json' } },
  help: { type: 'boolean', short: 'h' },
};

/**
 * Parses argv against a command's flags with `node:util`'s `parseArgs` (its tokens: `--x=v`,
 * `-h`, `--` and grouped short flags are its job), then applies what it has no word for: a
 * list's values up to the next flag, `--json` as `--format json`, a value given twice. Anything
 * unknown is a usage error with the usage line (exit 2).
 */
export function parseFlags(args: readonly string[], spec: CommandSpec): ParsedFlags {
  const fail = (message: string): never => {
    throw new UsageError(`${message}\nUsage: ${spec.usage}\nRun it with --help for every option.`);
  };
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, flag] of Object.entries(spec.flags)) {
    // A list is read as a boolean: the values after it arrive as positionals, which are its own.
    const type = flag.type === 'string' || flag.type === 'repeatable' ? 'string' : 'boolean';
    options[name] = { type, ...(flag.short ? { short: flag.short } : {}) };
  }
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const values: ParsedFlags['values'] = {};
  const positionals: string[] = [];
  let openList: string[] | undefined;
  let afterTerminator = false;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') {
      afterTerminator = true;
      openList = undefined;
      continue;
    }
    if (token.kind === 'positional') {
      if (openList && !afterTerminator) openList.push(token.value);
      else positionals.push(token.value);
      continue;
    }
    openList = undefined;
    const name = token.name;
    const flag = Object.hasOwn(spec.flags, name) ? spec.flags[name] : undefined;
    if (!flag) return fail(`unknown option ${token.rawName}`);
    if (flag.type === 'boolean') {
      if (token.value !== undefined) fail(`option --${name} takes no value`);
      if (flag.alias) setString(values, flag.alias.flag, flag.alias.value, fail);
      else values[name] = true;
    } else if (flag.type === 'string' || flag.type === 'repeatable') {
      if (token.value === undefined) fail(`option --${name} needs a value`);
      if (flag.type === 'string') setString(values, name, token.value!, fail);
      else values[name] = [...((values[name] as string[] | undefined) ?? []), token.value!];
    } else {
      const list = (values[name] as string[] | undefined) ?? [];
      values[name] = list;
      if (token.value !== undefined) list.push(token.value);
      else openList = list;
    }
  }
  for (const [name, flag] of Object.entries(spec.flags)) {
    if (flag.type === 'list' && Array.isArray(values[name]) && !(values[name] as string[]).length)
      fail(`option --${name} needs at least one value`);
  }
  if (positionals.length > spec.maxPositionals) {
    fail(spec.maxPositionals ? `too many arguments: ${positionals.join(' ')}` : `unexpected argument ${positionals[0]}`);
  }
  return { values, positionals };
}

function setString(values: ParsedFlags['values'], name: string, value: string, fail: (message: string) => never): void {
  const previous = values[name];
  if (previous !== undefined && previous !== value) fail(`--${name} was given twice (${String(previous)} and ${value})`);
  values[name] = value;
}
