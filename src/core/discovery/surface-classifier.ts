import { braceExpand, Minimatch } from 'minimatch';
import { AGENT_SURFACES, type AgentSurface } from './agent-surfaces.js';

/** The surface a file is (by its path alone), or undefined; skills are left to discovery (any folder holding SKILL.md). */
export type SurfaceClassifier = (path: string) => AgentSurface | undefined;

interface CompiledSurface {
  /** Position in the list: the first surface a path matches wins. */
  order: number;
  surface: AgentSurface;
  regex: RegExp;
  /** A literal part every matching path contains: a cheap test before the regex. */
  literal: string;
  except?: ReadonlySet<string>;
}

interface SurfaceIndex {
  byName: Map<string, CompiledSurface[]>;
  byExtension: Map<string, CompiledSurface[]>;
  any: CompiledSurface[];
  inPlugin: CompiledSurface[];
}

/** Manifests that make their folder a plugin root (`inPlugin` surfaces are relative to it). */
const PLUGIN_MANIFESTS = ['.claude-plugin/plugin.json', 'gemini-extension.json'];

const WILDCARD = /[*?[\]{}]/;

/** The longest run of literal characters in a pattern (without `**`, `*`, `?`, classes or braces). */
function longestLiteral(pattern: string): string {
  return pattern
    .split(/\*\*\/|\*|\?|\[[^\]]*\]/)
    .reduce((best, part) => (part.length > best.length ? part : best), '')
    .replace(/^\//, '');
}

function compile(surfaces: readonly AgentSurface[]): SurfaceIndex {
  const index: SurfaceIndex = { byName: new Map(), byExtension: new Map(), any: [], inPlugin: [] };
  const file = (map: Map<string, CompiledSurface[]>, key: string, entry: CompiledSurface) => {
    const list = map.get(key) ?? [];
    if (!list.includes(entry)) list.push(entry);
    map.set(key, list);
  };
  surfaces.forEach((surface, order) => {
    if (surface.kind === 'skill') return;
    for (const pattern of braceExpand(surface.glob)) {
      const entry: CompiledSurface = {
        order,
        surface,
        regex: new Minimatch(pattern, { dot: true }).makeRe() as RegExp,
        literal: longestLiteral(pattern),
        ...(surface.except ? { except: new Set(surface.except.map((e) => e.toLowerCase())) } : {}),
      };
      if (surface.inPlugin) {
        index.inPlugin.push(entry);
        continue;
      }
      const name = pattern.slice(pattern.lastIndexOf('/') + 1);
      const extension = /^\*(\.[^*?[\]{}/]+)$/.exec(name)?.[1];
      if (!WILDCARD.test(name)) file(index.byName, name, entry);
      else if (extension) file(index.byExtension, extension.slice(extension.lastIndexOf('.')), entry);
      else index.any.push(entry);
    }
  });
  return index;
}

function best(candidates: readonly CompiledSurface[] | undefined, path: string, name: string, than: number): CompiledSurface | undefined {
  let found: CompiledSurface | undefined;
  for (const c of candidates ?? []) {
    if (c.order >= (found?.order ?? than) || !path.includes(c.literal) || c.except?.has(name.toLowerCase())) continue;
    if (c.regex.test(path)) found = c;
  }
  return found;
}

/** Folders holding a plugin or extension manifest, from a tree's paths (`` is the repository root). */
export function pluginRootsOf(paths: Iterable<string>): Set<string> {
  const roots = new Set<string>();
  for (const path of paths)
    for (const manifest of PLUGIN_MANIFESTS)
      if (path === manifest || path.endsWith(`/${manifest}`)) roots.add(path.slice(0, Math.max(0, path.length - manifest.length - 1)));
  return roots;
}

/**
 * The path → surface function over a surface list (AGENT_SURFACES by default), compiled once: a
 * path is tested only against the surfaces its file name or extension can match, each behind a
 * literal substring test, so classifying every path of a large tree stays cheap.
 */
export function surfaceClassifier(
  pluginRoots: ReadonlySet<string> = new Set(),
  surfaces: readonly AgentSurface[] = AGENT_SURFACES,
): SurfaceClassifier {
  const index = compile(surfaces);
  return (path) => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    let found = best(index.byName.get(name), path, name, Infinity);
    found = best(dot >= 0 ? index.byExtension.get(name.slice(dot)) : undefined, path, name, found?.order ?? Infinity) ?? found;
    found = best(index.any, path, name, found?.order ?? Infinity) ?? found;
    if (pluginRoots.size && index.inPlugin.length) {
      // Each folder above the file (nearest first, the repository root last) may be a plugin root.
      for (let slash = path.length; slash > 0;) {
        slash = path.lastIndexOf('/', slash - 1);
        if (pluginRoots.has(slash < 0 ? '' : path.slice(0, slash)))
          found = best(index.inPlugin, path.slice(slash + 1), name, found?.order ?? Infinity) ?? found;
      }
    }
    return found?.surface;
  };
}

let shared: SurfaceClassifier | undefined;

/** The surface a path is, by AGENT_SURFACES and without plugin roots (a classifier compiled once per process). */
export function classifyAgentSurface(path: string): AgentSurface | undefined {
  shared ??= surfaceClassifier();
  return shared(path);
}
