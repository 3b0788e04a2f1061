import { UsageError } from './cli-io.js';
import { pushAll } from '../core/push-all.js';

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

/** Parses argv against a command's flags; anything unknown is a usage error with the usage line (exit 2). */
export function parseFlags(args: readonly string[], spec: CommandSpec): ParsedFlags {
  const values: ParsedFlags['values'] = {};
  const positionals: string[] = [];
  const fail = (message: string): never => {
    throw new UsageError(`${message}\nUsage: ${spec.usage}\nRun it with --help for every option.`);
  };
  const byShort = new Map(Object.entries(spec.flags).flatMap(([name, f]) => (f.short ? [[f.short, name] as const] : [])));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      pushAll(positionals, args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const raw = arg.startsWith('--') ? arg.slice(2, eq < 0 ? undefined : eq) : (byShort.get(arg.slice(1)) ?? `-${arg.slice(1)}`);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const flag = spec.flags[raw];
    if (!flag || raw.startsWith('-')) fail(`unknown option ${arg.slice(0, eq < 0 ? undefined : eq)}`);
    const name = raw;
    if (flag!.type === 'boolean') {
      if (inline !== undefined) fail(`option --${name} takes no value`);
      if (flag!.alias) setString(values, flag!.alias.flag, flag!.alias.value, fail);
      else values[name] = true;
      continue;
    }
    if (flag!.type === 'string' || flag!.type === 'repeatable') {
      const value = inline ?? args[++i];
      if (value === undefined) fail(`option --${name} needs a value`);
      if (flag!.type === 'string') setString(values, name, value!, fail);
      else values[name] = [...((values[name] as string[] | undefined) ?? []), value!];
      continue;
    }
    const list = (values[name] as string[] | undefined) ?? [];
    if (inline !== undefined) list.push(inline);
    else {
      const start = list.length;
      while (i + 1 < args.length && !args[i + 1]!.startsWith('-')) list.push(args[++i]!);
      if (list.length === start) fail(`option --${name} needs at least one value`);
    }
    values[name] = list;
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
