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
  /** The last two characters of every name a surface's file can have (besides `any`): most paths end otherwise. */
  tails: Set<number>;
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
  const index: SurfaceIndex = { tails: new Set(), byName: new Map(), byExtension: new Map(), any: [], inPlugin: [] };
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
      const name = pattern.slice(pattern.lastIndexOf('/') + 1);
      const extension = /^\*(\.[^*?[\]{}/]+)$/.exec(name)?.[1];
      const literalEnd = !WILDCARD.test(name) ? name : extension;
      if (literalEnd) index.tails.add(tail(literalEnd));
      if (surface.inPlugin) {
        if (!literalEnd) throw new Error(`a plugin surface must name its files' extension: ${pattern}`);
        index.inPlugin.push(entry);
      } else if (!WILDCARD.test(name)) file(index.byName, name, entry);
      else if (extension) file(index.byExtension, extension.slice(extension.lastIndexOf('.')), entry);
      else index.any.push(entry);
    }
  });
  return index;
}

/** The last two UTF-16 units of a string, as one number. */
function tail(text: string): number {
  return text.charCodeAt(text.length - 2) * 65536 + text.charCodeAt(text.length - 1);
}

function best(candidates: readonly CompiledSurface[] | undefined, path: string, name: string, than: number): CompiledSurface | undefined {
  let found: CompiledSurface | undefined;
  for (const c of candidates ?? []) {
    if (c.order >= (found?.order ?? than) || !path.includes(c.literal) || c.except?.has(name.toLowerCase())) continue;
    if (c.regex.test(path)) found = c;
  }
  return found;
}

const MANIFEST_SUFFIXES = PLUGIN_MANIFESTS.map((m) => `/${m}`);

/** Whether a folder (`` is the repository root) holds a plugin or extension manifest. */
export type PluginRootTest = (dir: string) => boolean;

/** The plugin roots of a tree, asked of its entries one folder at a time (a lookup, no pass over the tree). */
export function pluginRootTest(entry: (path: string) => unknown): PluginRootTest {
  return (dir) => PLUGIN_MANIFESTS.some((manifest) => entry(dir ? `${dir}/${manifest}` : manifest) !== undefined);
}

/** Folders holding a plugin or extension manifest, from a list of paths (`` is the repository root). */
export function pluginRootsOf(paths: Iterable<string>): Set<string> {
  const roots = new Set<string>();
  for (const path of paths) {
    if (!path.endsWith('.json')) continue;
    PLUGIN_MANIFESTS.forEach((manifest, i) => {
      if (path === manifest) roots.add('');
      else if (path.endsWith(MANIFEST_SUFFIXES[i]!)) roots.add(path.slice(0, path.length - manifest.length - 1));
    });
  }
  return roots;
}

/**
 * The path → surface function over a surface list (AGENT_SURFACES by default), compiled once: a
 * path is tested only against the surfaces its file name or extension can match, each behind a
 * literal substring test, so classifying every path of a large tree stays cheap.
 */
export function surfaceClassifier(
  isPluginRoot: PluginRootTest | ReadonlySet<string> = () => false,
  surfaces: readonly AgentSurface[] = AGENT_SURFACES,
): SurfaceClassifier {
  const index = compile(surfaces);
  const pluginRoot: PluginRootTest = typeof isPluginRoot === 'function' ? isPluginRoot : (dir) => isPluginRoot.has(dir);
  return (path) => {
    // Most paths of a tree end in no surface's name or extension and are in no `any` folder: one lookup says so.
    if (!index.tails.has(tail(path)) && !index.any.some((c) => path.includes(c.literal))) return undefined;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    let found = best(index.byName.get(name), path, name, Infinity);
    found = best(dot >= 0 ? index.byExtension.get(name.slice(dot)) : undefined, path, name, found?.order ?? Infinity) ?? found;
    found = best(index.any, path, name, found?.order ?? Infinity) ?? found;
    if (index.inPlugin.some((c) => c.order < (found?.order ?? Infinity) && path.includes(c.literal))) {
      // Each folder above the file (nearest first, the repository root last) may be a plugin root.
      for (let slash = path.length; slash > 0;) {
        slash = path.lastIndexOf('/', slash - 1);
        if (pluginRoot(slash < 0 ? '' : path.slice(0, slash)))
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
