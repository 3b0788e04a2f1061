import { detectBinary } from './detect-binary.js';

/** How the scanner reads a file, by its name. */
export type FileType = 'markdown' | 'script' | 'json' | 'config' | 'text' | 'other';

const BY_EXTENSION: Record<string, FileType> = {
  md: 'markdown',
  mdc: 'markdown',
  markdown: 'markdown',
  sh: 'script',
  bash: 'script',
  zsh: 'script',
  ksh: 'script',
  fish: 'script',
  ps1: 'script',
  psm1: 'script',
  bat: 'script',
  cmd: 'script',
  py: 'script',
  js: 'script',
  mjs: 'script',
  cjs: 'script',
  jsx: 'script',
  ts: 'script',
  mts: 'script',
  cts: 'script',
  tsx: 'script',
  rb: 'script',
  pl: 'script',
  php: 'script',
  lua: 'script',
  java: 'script',
  kt: 'script',
  kts: 'script',
  scala: 'script',
  groovy: 'script',
  go: 'script',
  rs: 'script',
  cs: 'script',
  swift: 'script',
  r: 'script',
  jl: 'script',
  dart: 'script',
  ex: 'script',
  exs: 'script',
  vbs: 'script',
  // Build and shell languages agents are pointed at too: CMake, Babashka/Clojure, F#, Racket, xonsh, Starlark, Nushell,
  // Tcl, Crystal, awk, Nim, Zig, OCaml, Haskell, Lisp and Scheme.
  cmake: 'script',
  bb: 'script',
  clj: 'script',
  cljs: 'script',
  fsx: 'script',
  rkt: 'script',
  xsh: 'script',
  bzl: 'script',
  star: 'script',
  nu: 'script',
  tcl: 'script',
  cr: 'script',
  awk: 'script',
  nim: 'script',
  zig: 'script',
  ml: 'script',
  hs: 'script',
  lisp: 'script',
  scm: 'script',
  applescript: 'script',
  // Detection rules: read as code in a detection-query language (match/code-context.ts), whose strings are searched for.
  yar: 'script',
  sql: 'script',
  yara: 'script',
  json: 'json',
  jsonc: 'json',
  jsonl: 'json',
  ndjson: 'json',
  yaml: 'config',
  yml: 'config',
  toml: 'config',
  ini: 'config',
  cfg: 'config',
  conf: 'config',
  env: 'config',
  txt: 'text',
  html: 'text',
  htm: 'text',
  xml: 'text',
  svg: 'text',
};

/** Files named for what they run, without a telling extension. */
const SCRIPT_NAMES =
  /^(?:makefile|gnumakefile|cmakelists\.txt|build\.bazel|workspace\.bazel|tiltfile|dockerfile|containerfile|justfile|rakefile|procfile|brewfile|gemfile|vagrantfile|jenkinsfile|\.bashrc|\.bash_profile|\.zshrc|\.zprofile|\.profile|\.envrc|crontab)$|\.(?:command|tool|sh\.in|bash\.in|py\.in|ps1\.in|mk|make|dockerfile|cron)$/;
/** Unit files and property lists: values a service manager or launchd runs. */
const CONFIG_NAMES =
  /\.(?:service|timer|socket|path|desktop|plist|properties|npmrc|yarnrc|gitconfig)$|^\.(?:npmrc|yarnrc|gitconfig|pypirc|netrc)$/;

const GEMINI_COMMAND = /(?:^|\/)commands\/(?:[^/]{1,120}\/){0,4}[^/]{1,120}\.toml$/i;

/** File type from the path: extension, or `.env`-style dotfiles. */
export function classifyPath(path: string): FileType {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (/^\.env(?:\.|$)/.test(name)) return 'config';
  // A Gemini CLI command (`.gemini/commands/**/*.toml`, an extension's `commands/`) is a prompt in a TOML string: instructions, with commands written on their own lines.
  if (GEMINI_COMMAND.test(path)) return 'text';
  if (SCRIPT_NAMES.test(name)) return 'script';
  if (CONFIG_NAMES.test(name)) return 'config';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'other';
  return BY_EXTENSION[name.slice(dot + 1)] ?? 'other';
}

/** Bytes that read as text: no NUL, and almost no other control characters, in the first 8 KiB. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 27) control++;
  }
  return control <= head.length / 100;
}

/**
 * File type by name, then by content for the rest: a `#!` line makes a script whatever the name
 * (`bin/run`, `install`), other text is read line by line as prose and code, and only what is
 * not text is left to the binary check. A skill's files are all read; their names are the author's.
 */
export function classifyContent(path: string, bytes: Uint8Array): FileType {
  const type = classifyPath(path);
  if (type !== 'other' || detectBinary(path, bytes)) return type;
  if (bytes[0] === 0x23 && bytes[1] === 0x21) return 'script';
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return 'text';
  return bytes.length > 0 && looksLikeText(bytes) ? 'text' : 'other';
}
