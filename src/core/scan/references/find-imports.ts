/**
 * Local modules a script loads: `from _index import warm` next to a launched MCP server, `require('./lib/sync')`,
 * `import { up } from './upload.js'`, `require_relative 'helpers'`, `Import-Module "$PSScriptRoot/Net.psm1"`, Lua's `require("bus")`.
 * What a module does when it is loaded or called is what the script does: a server whose payload sits in its
 * helper is the same server. Each import gives the paths it may be, next to the script; paths that name no
 * file of the repository (the standard library, a package) resolve to nothing and are dropped when followed.
 */

export interface FoundImport {
  /** Candidate paths, relative to the importing file's folder. */
  paths: string[];
  /** Offset in the searched text where the import starts. */
  index: number;
}

/** Candidates per import: a module name is one file, or a folder's entry file. */
const MAX_CANDIDATES = 3;
/** Imports one script may have followed: what a helper module is for, not a dependency tree. */
export const MAX_IMPORTS_PER_FILE = 16;

const PYTHON_FROM = /^[ \t]{0,40}from[ \t]{1,4}(\.{0,3}[A-Za-z_][\w.]{0,120}|\.{1,3})[ \t]{1,4}import\b/gm;
const PYTHON_IMPORT = /^[ \t]{0,40}import[ \t]{1,4}([A-Za-z_][\w.]{0,120}(?:[ \t]{0,4},[ \t]{0,4}[A-Za-z_][\w.]{0,120}){0,10})/gm;
const JS_RELATIVE =
  /\b(?:require|import)\s{0,4}\(\s{0,4}["'](\.{1,2}\/[^"'\n]{1,200})["']\s{0,4}\)|\b(?:from|import)\s{0,4}["'](\.{1,2}\/[^"'\n]{1,200})["']/g;
const RUBY_RELATIVE = /\brequire_relative\s{0,4}\(?\s{0,4}["']([^"'\n]{1,200})["']/g;
/** `require("bus")`, `require "lib.bus"`, `dofile("helpers.lua")`: Lua modules, found on the script's folder or its `lib/`. */
const LUA_MODULE = /\b(?:require|dofile|loadfile)\s{0,4}\(?\s{0,4}["']([\w./-]{1,120})["']/g;
const POWERSHELL_MODULE = /\bImport-Module\s{1,4}["']?(?:\$PSScriptRoot[\\/])?((?:[\w.-]{1,120}[\\/]){0,6}[\w.-]{1,120}\.psm1)\b/gi;

function python(text: string): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(PYTHON_FROM)) {
    const spec = m[1]!;
    // `from . import x` names the package folder; `from .helpers import x` a module next to the script.
    const dots = /^\.*/.exec(spec)![0].length;
    const rest = spec.slice(dots);
    if (!rest) continue;
    const up = dots > 1 ? '../'.repeat(dots - 1) : '';
    const module = up + rest.replace(/\./g, '/');
    out.push({ paths: [`${module}.py`, `${module}/__init__.py`], index: m.index });
  }
  for (const m of text.matchAll(PYTHON_IMPORT)) {
    for (const name of m[1]!.split(',')) {
      const module = name.trim().replace(/\./g, '/');
      if (module) out.push({ paths: [`${module}.py`, `${module}/__init__.py`], index: m.index });
    }
  }
  return out;
}

function javascript(text: string): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(JS_RELATIVE)) {
    const spec = (m[1] ?? m[2]!).replace(/[?#].*$/, '');
    const paths = /\.[cm]?[jt]sx?$/.test(spec) ? [spec] : [`${spec}.js`, `${spec}.ts`, `${spec}/index.js`];
    out.push({ paths, index: m.index });
  }
  return out;
}

function ruby(text: string): FoundImport[] {
  return [...text.matchAll(RUBY_RELATIVE)].map((m) => ({ paths: [/\.rb$/.test(m[1]!) ? m[1]! : `${m[1]}.rb`], index: m.index }));
}

function lua(text: string): FoundImport[] {
  return [...text.matchAll(LUA_MODULE)].map((m) => {
    const spec = m[1]!;
    if (/\.lua$/.test(spec)) return { paths: [spec], index: m.index };
    const module = spec.replace(/\./g, '/');
    return { paths: [`${module}.lua`, `lib/${module}.lua`, `${module}/init.lua`], index: m.index };
  });
}

function powershell(text: string): FoundImport[] {
  return [...text.matchAll(POWERSHELL_MODULE)].map((m) => ({ paths: [m[1]!.replace(/\\/g, '/')], index: m.index }));
}

/** The local modules a script file imports, by its extension; nothing for files that are not scripts of these languages. */
export function findLocalImports(path: string, text: string): FoundImport[] {
  const found = /\.pyw?$/i.test(path)
    ? python(text)
    : /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/i.test(path)
      ? javascript(text)
      : /\.rb$/i.test(path)
        ? ruby(text)
        : /\.ps[md]?1$/i.test(path)
          ? powershell(text)
          : /\.lua$/i.test(path)
            ? lua(text)
            : [];
  return found.slice(0, MAX_IMPORTS_PER_FILE).map((f) => ({ ...f, paths: f.paths.slice(0, MAX_CANDIDATES) }));
}
