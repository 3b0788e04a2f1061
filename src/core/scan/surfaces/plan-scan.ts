import type { ScanConfig } from '../../config/schema.js';
import type { RepoSnapshot, SnapshotEntry } from '../../snapshot.js';
import type { ScanDiagnostic } from '../scan-types.js';
import { symlinkDiagnostic } from '../symlink-diagnostic.js';
import { judgeSubmodule } from './judge-submodule.js';
import { resolveLink } from './resolve-link.js';
import { selectScanFiles } from './select-scan-files.js';

/** A file to read: `path` is where findings are reported, `source` what is read (they differ through a symlink). */
export interface PlannedFile {
  path: string;
  source: string;
  size: number;
  /** Over scan.maxFileBytes: a failing finding, and only its head and tail are scanned. */
  oversized: boolean;
}

export interface ScanPlan {
  files: PlannedFile[];
  /** Diagnostics by path (links not followed, folders not listed, files too large, submodules). */
  diagnostics: [string | undefined, ScanDiagnostic][];
  /** Entries selected at all (zero is an error unless scan.allowEmpty). */
  selected: number;
}

/** Past this size a file is not read at all (its head and tail could not be cut without holding it whole). */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/** A selected entry the scan reads as it is listed: a file (a link is read where it leads; a submodule is not read). */
function readAsListed(entry: SnapshotEntry): boolean {
  return entry.mode === 'file' || entry.mode === 'executable';
}

/**
 * The files a scan reads straight from the listing, in order — everything but what symlinks lead
 * to (known only once the links are read) — so a source can fetch them up front.
 */
export function listedScanReads(
  snapshot: RepoSnapshot,
  scan: Pick<ScanConfig, 'paths'>,
  discoveryIgnore?: readonly string[],
): SnapshotEntry[] {
  return selectScanFiles(snapshot, scan.paths, discoveryIgnore).entries.filter((e) => readAsListed(e) && e.size <= MAX_READ_BYTES);
}

function tooLarge(size: number, max: number): ScanDiagnostic {
  const read = size <= MAX_READ_BYTES;
  return {
    ruleId: 'scan/file_too_large',
    severity: 'error',
    message: read
      ? `${size} bytes is over scan.maxFileBytes (${max}): only its first and last ${Math.floor(max / 2)} bytes were scanned, and an agent reads all of it — padding a file past the limit is a way to hide the middle.`
      : `${size} bytes is over scan.maxFileBytes (${max}) and too large to read at all: none of it was scanned, and an agent may read all of it.`,
    help: 'Split the file, remove it from the skill, or raise scan.maxFileBytes so it is scanned whole.',
  };
}

/**
 * What a scan reads and what it says without reading: the selected files, symlinks followed to
 * what they point at in the tree (a file, or the files of a folder, scanned as part of the skill
 * at the link's path), links out of the tree reported, oversized files failing, folders the
 * source did not list (a skill's `node_modules`) failing by name, and git submodules where the
 * scanner would read failing by name unless `scan.submodules` allows them at their commit.
 */
export async function planScan(
  snapshot: RepoSnapshot,
  scan: Pick<ScanConfig, 'paths' | 'maxFileBytes'> & Partial<Pick<ScanConfig, 'submodules'>>,
  discoveryIgnore?: readonly string[],
): Promise<ScanPlan> {
  const selection = selectScanFiles(snapshot, scan.paths, discoveryIgnore);
  const files: PlannedFile[] = [];
  const diagnostics: ScanPlan['diagnostics'] = [];
  const add = (path: string, source: string, size: number) => {
    const oversized = size > scan.maxFileBytes;
    if (oversized) diagnostics.push([path, tooLarge(size, scan.maxFileBytes)]);
    if (size <= MAX_READ_BYTES) files.push({ path, source, size, oversized });
  };
  for (const entry of selection.entries) {
    if (readAsListed(entry)) {
      add(entry.path, entry.path, entry.size);
      continue;
    }
    if (entry.mode !== 'symlink') continue;
    const link = await resolveLink(snapshot, entry.path);
    if (link.kind === 'file') add(entry.path, link.path, snapshot.entry(link.path)?.size ?? 0);
    else if (link.kind === 'dir')
      for (const file of link.files) add(`${entry.path}${file.path.slice(link.path.length)}`, file.path, file.size);
    else diagnostics.push([entry.path, symlinkDiagnostic(entry.path, link.kind === 'outside' ? link.target : link.target)]);
  }
  for (const dir of selection.unread) {
    diagnostics.push([
      dir,
      {
        ruleId: 'scan/folder_not_scanned',
        severity: 'error',
        message: `${dir} was not read (installed dependencies and VCS folders are never listed), so nothing in it was scanned; code an agent runs from a skill can sit in it.`,
        help: 'Do not ship dependencies inside a skill folder: install them when the skill runs, from a lockfile.',
      },
    ]);
  }
  for (const entry of selection.submodules) {
    const diagnostic = judgeSubmodule(entry, scan.submodules ?? []);
    if (diagnostic) diagnostics.push([entry.path, diagnostic]);
  }
  return { files, diagnostics, selected: selection.entries.length };
}
