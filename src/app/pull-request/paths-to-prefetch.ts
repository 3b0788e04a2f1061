import type { ResolvedConfig } from '../../core/config/resolve-config.js';
import { findSkillDirs, normalizeRoot } from '../../core/catalog/find-skill-dirs.js';
import { listedScanReads } from '../../core/scan/surfaces/plan-scan.js';
import type { RepoSnapshot, SnapshotEntry } from '../../core/snapshot.js';
import { findTaskFiles } from '../../core/tasks/find-task-files.js';

const isFile = (e: SnapshotEntry | undefined): e is SnapshotEntry => e?.mode === 'file' || e?.mode === 'executable';

/**
 * The files the enabled checks will read, from config and the tree listing alone, so the
 * snapshot fetches them in ⌈n/100⌉ GraphQL batches up front instead of one request per read.
 * Each check's part comes from that check's own planning function (the scanner's selection, the
 * task and skill finders, the plans directory the gates list), so the two cannot disagree; what
 * is known only by reading (a symlink's target) and files over `scan.maxFileBytes` are fetched
 * when read. A miss costs one extra request later, never a wrong result.
 */
export function pathsToPrefetch(snapshot: RepoSnapshot, config: ResolvedConfig, planRef?: string): string[] {
  const wanted = new Set<string>();
  const entries = snapshot.entries();
  const enabled = new Set(config.enabledChecks);
  const add = (path: string | undefined) => {
    if (path && isFile(snapshot.entry(path))) wanted.add(path);
  };

  if (enabled.has('plans')) {
    const dir = `${normalizeRoot(config.plans.dir)}/`;
    // Plan artifacts live at the top of the plans dir (omx, omc, spiral, custom).
    for (const e of entries) if (e.path.startsWith(dir) && !e.path.slice(dir.length).includes('/') && isFile(e)) wanted.add(e.path);
    add(planRef);
  }
  if (enabled.has('tasks') || (enabled.has('plans') && config.plans.layout === 'ralphdex')) {
    const tasks = findTaskFiles(snapshot, config);
    [...tasks.taskFiles, tasks.claimsFile, ...tasks.prdFiles].forEach(add);
  }
  if (enabled.has('catalog')) {
    for (const skill of findSkillDirs(snapshot, config.catalog.skillRoots)) add(skill.skillFile);
    const catalogDir = `${normalizeRoot(config.catalog.catalogDir)}/`;
    for (const e of entries) if (e.path.startsWith(catalogDir) && e.path.endsWith('.json') && isFile(e)) wanted.add(e.path);
  }
  if (enabled.has('scan')) {
    for (const e of listedScanReads(snapshot, config.scan, config.discovery.ignore))
      if (e.size <= config.scan.maxFileBytes) wanted.add(e.path);
  }
  return [...wanted];
}

/** What the base tree is read for: the baseline, which covers catalog, tasks and scan findings (inline suppressions are read lazily, file by file). */
export function basePathsToPrefetch(base: RepoSnapshot, config: ResolvedConfig): string[] {
  if (!config.enabledChecks.some((c) => c !== 'plans')) return [];
  return isFile(base.entry(config.scan.baseline)) ? [config.scan.baseline] : [];
}
