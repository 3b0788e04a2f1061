import { setFlagsFromString } from 'node:v8';

/**
 * V8 first runs a regular expression in its bytecode interpreter and compiles it to machine code
 * only once it has run. The scanner runs a few hundred large patterns over every file, so a
 * process that scans pays the interpreter's cost on each of them before any is compiled: about a
 * fifth of a cold `plangate check` on real skills (bench/cases/scan.js). Compiling on first use
 * removes it. The flag is read when a pattern is created, so setting it at the entry point is
 * enough.
 *
 * Not `--no-regexp-tier-up`: flipping that at run time crashes V8 (SIGSEGV) when a pattern that
 * already ran in the interpreter (any pattern used while the entry point's imports load) runs
 * again afterwards — V8 then calls its interpreter trampoline as machine code. Zero tier-up ticks
 * give new patterns the same first-use compilation and leave the ones already run as they are.
 */
export function compilePatternsEagerly(): void {
  setFlagsFromString('--regexp-tier-up-ticks=0');
}
