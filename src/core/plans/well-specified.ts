import { stripCode } from './strip-code.js';

/**
 * oh-my-codex's "well-specified prompt" heuristics: a request that names concrete code
 * (files, identifiers, issue numbers, commands, criteria) is specific enough to run without
 * a plan. Anything else of 15 words or fewer (mode words removed) is underspecified.
 */
const SIGNALS: RegExp[] = [
  /\b[\w./-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|swift|c|cc|cpp|h|hpp|cs|php|sh|sql|vue|svelte|css|scss|html|json|ya?ml|toml|md)\b/i,
  /\b(?:src|lib|app|apps|packages|test|tests|spec|pkg|cmd|internal)\/[\w./-]+/,
  /\b(?:function|class|interface|type|const|let|def|fn|struct|enum|trait|module)\s+[A-Za-z_]\w*/,
  /\b[a-z]+[A-Z]\w*\b/,
  /\b[A-Z][a-z]+[A-Z]\w*\b/,
  /\b[a-z]+_[a-z_]+\b/,
  /(?:^|\s)#\d+\b/,
  /^\s*(?:\d+[.)]|[-*+])\s+\S/m,
  /\bacceptance criteria\b|\btest spec\b|\bshould (?:return|throw|raise|emit|render|be)\b/i,
  /\b\w*(?:Error|Exception)\b|\b(?:ENOENT|EACCES|ECONNREFUSED|TypeError|ReferenceError|SyntaxError|panic)\b/,
  /\b(?:PR|pull request)\s*#?\d+\b|\bcommit\s+[0-9a-f]{7,40}\b|\b[0-9a-f]{12,40}\b/i,
  /\bin\s+[\w./-]+\.\w{1,5}\b/,
  /\b(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test\b|\b(?:pytest|vitest|jest|mocha|cargo test|go test|rspec|phpunit|dotnet test|mvn test|gradle test)\b/,
];
const FENCED_CODE = /(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\s*\1/;
const MIN_SPECIFIED_WORDS = 16;

export function isWellSpecified(text: string, modeWords: readonly string[]): boolean {
  const fenced = FENCED_CODE.exec(text);
  if (fenced && fenced[2]!.trim().length >= 20) return true;
  const prose = stripCode(text);
  if (SIGNALS.some((signal) => signal.test(prose))) return true;
  const modes = new Set(modeWords.map((w) => w.toLowerCase()));
  const words = prose.split(/\s+/).filter((w) => w && !modes.has(w.toLowerCase().replace(/^[$/]+|[^\w-]+$/g, '')));
  return words.length >= MIN_SPECIFIED_WORDS;
}
