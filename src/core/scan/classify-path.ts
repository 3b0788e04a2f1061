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
  applescript: 'script',
  json: 'json',
  jsonc: 'json',
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

/** File type from the path: extension, or `.env`-style dotfiles. */
export function classifyPath(path: string): FileType {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (/^\.env(?:\.|$)/.test(name)) return 'config';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'other';
  return BY_EXTENSION[name.slice(dot + 1)] ?? 'other';
}
