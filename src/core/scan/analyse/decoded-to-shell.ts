import type { RawEvidence } from '../match/match-types.js';
import type { Unit } from '../scan-types.js';
import { unitAt } from './unit-places.js';

/**
 * Text a script decodes (hex, base64) and hands to a shell or an evaluator by name, across a variable or a function
 * (`rampKey()` returns `Buffer.from(RAMP…, 'hex')`; `warmSwatchCache(rampKey())` runs `spawn(sh, ['-c', key])`): the
 * command exists only at run time, and every line on its own looks like colour handling and a cache warm-up. Names
 * are followed within one script, through a variable, a function's return and one function's parameter.
 */

/** A decoder of hex, base64 or similar, in JavaScript, Python or Ruby; or bytes XORed with a key into characters (`chr(c ^ k)`). */
const DECODE =
  /\bchr\s{0,4}\(\s{0,4}\w{1,40}\s{0,4}\^\s{0,4}[\w.[\]"']{1,60}\s{0,4}\)|\bString\.fromCharCode\s{0,4}\(\s{0,4}\w{1,40}\s{0,4}\^\s{0,4}[\w.[\]"']{1,60}\s{0,4}\)|\bBuffer\.from\s{0,4}\([^;]{0,300}?,\s{0,4}['"](?:hex|base64|base64url)['"]\s{0,4}\)|\batob\s{0,4}\(|\bbytes\.fromhex\s{0,4}\(|\bbase64\.(?:b64|b32|b16|b85|a85|urlsafe_b64)decode\s{0,4}\(|\bbinascii\.(?:unhexlify|a2b_hex|a2b_base64)\s{0,4}\(|\bcodecs\.decode\s{0,4}\(|\bBase64\.(?:strict_|urlsafe_)?decode64\s{0,4}\(|\.unpack1?\s{0,4}\(\s{0,4}['"](?:m0?|H\*)['"]/g;
/**
 * Where a value is run: a shell's `-c`, a command string, an evaluator, or one of them looked up by name
 * (`getattr(subprocess, "run")(probe, shell=True)`). The argument is a name or a call of one.
 */
const RUN =
  /\bgetattr\s{0,4}\(\s{0,4}(?:subprocess|os)\s{0,4},\s{0,4}['"](?:run|call|Popen|check_output|check_call|system|popen)['"]\s{0,4}\)\s{0,4}\(\s{0,4}|\bspawn(?:Sync)?\s{0,4}\([^,()]{1,60},\s{0,4}\[\s{0,4}['"]\/?c['"]\s{0,4},\s{0,4}|\[\s{0,4}['"](?:\/bin\/)?(?:ba|z|da)?sh['"]\s{0,4},\s{0,4}['"]-c['"]\s{0,4},\s{0,4}|\bspawn(?:Sync)?\s{0,4}\([^,()]{1,60},\s{0,4}\[\s{0,4}['"]-c['"]\s{0,4},\s{0,4}|\b(?:TOPLEVEL_BINDING|binding|Kernel)\.eval\s{0,4}\(\s{0,4}|\b(?:instance_eval|class_eval|module_eval)\s{0,4}\(\s{0,4}|(?<![\w.$])(?:execSync|exec|eval|Function|os\.system|os\.popen|subprocess\.(?:run|call|Popen|check_output|check_call)|execa(?:Command)?)\s{0,4}\(\s{0,4}/g;
const NAME_OR_CALL = /^([A-Za-z_$][\w$]{0,60})(\s{0,4}\(\s{0,4}\))?/;
const FUNCTION =
  /(?:\bfunction\s{1,4}([A-Za-z_$][\w$]{0,60})\s{0,4}\(([^)]{0,200})\)|\bdef\s{1,4}([A-Za-z_]\w{0,60})\s{0,4}\(([^)]{0,200})\)|\b(?:const|let|var)\s{1,4}([A-Za-z_$][\w$]{0,60})\s{0,4}=\s{0,4}(?:async\s{1,4})?\(([^)]{0,200})\)\s{0,4}=>)/g;

interface Declared {
  name: string;
  params: string[];
  at: number;
}

function functionsOf(text: string): Declared[] {
  const out: Declared[] = [];
  FUNCTION.lastIndex = 0;
  for (let m = FUNCTION.exec(text); m && out.length < 2000; m = FUNCTION.exec(text)) {
    const params = (m[2] ?? m[4] ?? m[6] ?? '').split(',').map((p) =>
      p
        .trim()
        .replace(/[:=].*$/, '')
        .trim(),
    );
    out.push({ name: m[1] ?? m[3] ?? m[5]!, params, at: m.index });
  }
  return out;
}

/** The function whose declaration comes last before `at` (scripts keep a function's body after its head). */
function enclosing(functions: readonly Declared[], at: number): Declared | undefined {
  let best: Declared | undefined;
  for (const f of functions) if (f.at < at && (!best || f.at > best.at)) best = f;
  return best;
}

/** What a decode's result is called: the variable it is assigned to, or the function that returns it. */
function bindingOf(text: string, at: number, functions: readonly Declared[]): { name: string; call: boolean } | undefined {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(lineStart, at);
  const assigned = /(?:^|[\s;(])(?:const\s|let\s|var\s)?\s{0,4}([A-Za-z_$][\w$]{0,60})\s{0,4}=(?!=)[^=;]{0,200}$/.exec(before);
  if (assigned) return { name: assigned[1]!, call: false };
  if (/\breturn\b/.test(before) || /=>\s{0,4}$/.test(before)) {
    const f = enclosing(functions, at);
    if (f) return { name: f.name, call: true };
  }
  return undefined;
}

interface Run {
  at: number;
  end: number;
  /** The name given, and whether it is called (`f()`). */
  name: string;
  call: boolean;
}

function runsOf(text: string): Run[] {
  const out: Run[] = [];
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m && out.length < 2000; m = RUN.exec(text)) {
    const arg = NAME_OR_CALL.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 80));
    if (!arg) continue;
    // A string literal is a command a reader sees; only names (and calls of names) carry something else.
    out.push({ at: m.index, end: m.index + m[0].length + arg[0].length, name: arg[1]!, call: arg[2] !== undefined });
  }
  return out;
}

export function decodedToShell(text: string, units: readonly Unit[]): RawEvidence[] {
  DECODE.lastIndex = 0;
  if (!DECODE.test(text)) return [];
  const runs = runsOf(text);
  if (!runs.length) return [];
  const functions = functionsOf(text);
  // Functions that run their own parameter (`function warm(key) { spawn(sh, ['-c', key]) }`): calling them runs the argument.
  const runners = new Set<string>();
  for (const run of runs) {
    const f = enclosing(functions, run.at);
    if (f && !run.call && f.params.includes(run.name)) runners.add(f.name);
  }
  const out: RawEvidence[] = [];
  DECODE.lastIndex = 0;
  for (let m = DECODE.exec(text); m && out.length < 20; m = DECODE.exec(text)) {
    // Decoded right where it is run (`execSync(Buffer.from(parts.join(""), "base64").toString(), …)`).
    const inline = runs.find((r) => r.end - r.name.length === m!.index);
    if (inline) {
      out.push(decodedRun(units, text, inline.at, inline.end, 'runs what it decodes in place'));
      continue;
    }
    const binding = bindingOf(text, m.index, functions);
    if (!binding) continue;
    const written = binding.call
      ? String.raw`\b${binding.name.replace(/\$/g, '\\$')}\s{0,4}\(\s{0,4}\)`
      : String.raw`\b${binding.name.replace(/\$/g, '\\$')}\b(?!\s{0,4}\()`;
    const direct = runs.find((r) => r.at > m!.index && r.name === binding.name && r.call === binding.call);
    const viaRunner = direct
      ? undefined
      : [...runners]
          .map((runner) => new RegExp(String.raw`\b${runner.replace(/\$/g, '\\$')}\s{0,4}\(\s{0,4}${written}`).exec(text))
          .find((found) => found);
    const at = direct?.at ?? viaRunner?.index;
    if (at === undefined) continue;
    const end = direct?.end ?? at + viaRunner![0].length;
    out.push(decodedRun(units, text, at, end, `runs what \`${binding.name}${binding.call ? '()' : ''}\` decodes`));
  }
  return out;
}

function decodedRun(units: readonly Unit[], text: string, start: number, end: number, detail: string): RawEvidence {
  return {
    rule: 'S006',
    detector: 'decoded-text-run',
    why: 'Runs text the script decodes at run time: what the shell or evaluator gets is not written anywhere a reviewer reads.',
    unit: unitAt(units, start),
    start,
    end,
    matched: text.slice(start, end),
    level: 'HIGH',
    capabilities: ['decode', 'execute'],
    evidenceOnly: false,
    detail,
  };
}
