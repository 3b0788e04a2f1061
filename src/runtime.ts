import { setFlagsFromString } from 'node:v8';

/**
 * V8 first runs a regular expression in its bytecode interpreter and compiles it to machine code
 * only once it has run. The scanner runs a few hundred large patterns over every file, so a
 * process that scans pays the interpreter's cost on each of them before any is compiled: about a
 * fifth of a cold `plangate check` on real skills (bench/cases/scan.js). Compiling on first use
 * removes it; the flag is read when a pattern runs, so setting it at the entry point is enough.
 */
export function compilePatternsEagerly(): void {
  setFlagsFromString('--no-regexp-tier-up');
}
