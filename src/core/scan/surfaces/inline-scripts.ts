import { located, type Located } from './launch-entry.js';

/**
 * Interpreters that take a program as an argument, and the flags that introduce it. An MCP
 * server or hook written as `bash -c "…"`, `node -e "…"` or `powershell -Command …` runs that
 * text; it is read as code of its own (several lines, block-scope rules), besides the command line.
 */
const SCRIPT_FLAGS: readonly [RegExp, RegExp, 'next' | 'rest'][] = [
  [/^(?:ba|z|da|k|a|c|tc)?sh$|^fish$|^busybox$/, /^-[a-z]*c[a-z]*$/, 'next'],
  [/^(?:node|nodejs|bun)$/, /^(?:-e|--eval|-p|--print)$/, 'next'],
  [/^deno$/, /^eval$/, 'next'],
  [/^(?:python[\d.]*|pypy[\d.]*|py)$/, /^-[a-zA-Z]*c$/, 'next'],
  [/^(?:perl|ruby)$/, /^-[a-zA-Z]*[eE]$/, 'next'],
  [/^php$/, /^-r$/, 'next'],
  [/^osascript$/, /^-e$/, 'next'],
  [/^(?:powershell|pwsh)$/, /^[-/](?:c|command)$/i, 'rest'],
  [/^cmd$/, /^\/[ck]$/i, 'rest'],
];

/** PowerShell's `-EncodedCommand`: base64 of UTF-16LE text. */
const ENCODED =
  /^[-/](?:e|ec|en|enc|enco|encod|encode|encoded|encodedc|encodedco|encodedcom|encodedcomm|encodedcomma|encodedcomman|encodedcommand)$/i;

function basename(program: string): string {
  return program
    .slice(Math.max(program.lastIndexOf('/'), program.lastIndexOf('\\')) + 1)
    .replace(/\.exe$/i, '')
    .toLowerCase();
}

function decodeUtf16Base64(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(value, 'base64');
  const text = bytes.toString('utf16le');
  return /^[\t\n\r\x20-\x7e]*$/.test(text) ? text : undefined;
}

/** The programs given inline to an interpreter anywhere in a command (`env X=1 sh -c '…'`, `docker run … bash -c '…'`). */
export function inlineScripts(command: readonly Located[]): Located[] {
  const out: Located[] = [];
  for (let i = 0; i + 1 < command.length; i++) {
    const program = basename(command[i]!.value);
    // A flag may come after other flags: `bash -l -c`, `python3 -u -c`.
    for (let j = i + 1; j < command.length && j <= i + 4; j++) {
      const flag = command[j]!.value;
      const kind = SCRIPT_FLAGS.find(([p, f]) => p.test(program) && f.test(flag));
      if (kind && j + 1 < command.length) {
        const rest = command.slice(j + 1);
        out.push(kind[2] === 'next' ? rest[0]! : located(rest.map((a) => a.value).join(' '), rest[0]!.offset));
        break;
      }
      if ((program === 'powershell' || program === 'pwsh') && ENCODED.test(flag) && j + 1 < command.length) {
        const decoded = decodeUtf16Base64(command[j + 1]!.value);
        if (decoded !== undefined) out.push(located(decoded, command[j + 1]!.offset));
        break;
      }
      if (!flag.startsWith('-') && !flag.startsWith('/')) break;
    }
  }
  return out;
}
