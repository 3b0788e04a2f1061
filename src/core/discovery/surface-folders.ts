import { braceExpand, Minimatch } from 'minimatch';
import { AGENT_SURFACES, type AgentSurface } from './agent-surfaces.js';

/** The surface a folder belongs to (it holds, is, or lies inside an agent surface's files), or undefined. */
export type SurfaceFolderMatcher = (dir: string) => AgentSurface | undefined;

interface FolderPattern {
  surface: AgentSurface;
  glob: Minimatch;
  /** `**\/…`: the pattern may start at any folder of the path. */
  anywhere: boolean;
}

/**
 * For a folder whose files cannot be listed (a git submodule), whether an agent surface's files
 * could be in it: a skill root (`.claude/skills/helper`), a surface folder or one holding it
 * (`.claude`, `.clinerules`, `plugins/p`), or a plugin's folder. A glob that only names a file
 * (`**\/AGENTS.md`) makes no folder a surface folder — except one with that very name.
 */
export function surfaceFolderMatcher(
  pluginRoots: ReadonlySet<string> = new Set(),
  surfaces: readonly AgentSurface[] = AGENT_SURFACES,
): SurfaceFolderMatcher {
  const patterns: FolderPattern[] = surfaces.flatMap((surface) =>
    braceExpand(surface.glob).map((pattern) => {
      const anywhere = pattern.startsWith('**/');
      return { surface, glob: new Minimatch(anywhere ? pattern.slice(3) : pattern, { dot: true }), anywhere };
    }),
  );
  const fromRoot = (segments: readonly string[], inPlugin: boolean) => {
    for (const p of patterns) {
      if (!!p.surface.inPlugin !== inPlugin) continue;
      const starts = p.anywhere ? segments.length : 1;
      for (let k = 0; k < starts; k++) if (p.glob.match(segments.slice(k).join('/'), true)) return p.surface;
    }
    return undefined;
  };
  return (dir) => {
    const segments = dir.split('/');
    const found = fromRoot(segments, false);
    if (found) return found;
    for (let i = 0; i < segments.length; i++) {
      const root = segments.slice(0, i).join('/');
      if (pluginRoots.has(root)) {
        const inPlugin = fromRoot(segments.slice(i), true);
        if (inPlugin) return inPlugin;
      }
    }
    return undefined;
  };
}
