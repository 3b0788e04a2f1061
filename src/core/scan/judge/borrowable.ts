import type { FileAnalysis } from '../analyse/analyse-file.js';
import { linesRunBy } from '../analyse/recipes.js';
import type { Evidence } from '../scan-types.js';
import { urlsIn } from '../rules/shell-vocabulary.js';
import { escapeRegExp } from '../../escape-regexp.js';
import type { BorrowedEvidence } from './judge-unit.js';
import { isOfficialInstallerUrl } from './vendor-installers.js';

/** An official installer on the reviewed list defuses download + execute (judge/vendor-installers.ts). */
export function withVendorInstaller(e: Evidence): Evidence {
  if (!e.capabilities.includes('download') || !e.capabilities.includes('execute')) return e;
  // A value given to the installer (`K3S_URL=https://$IP:6443 sh -`) is where it connects, not what is downloaded.
  // The addresses of the matched command itself, when the unit (a whole script) downloads from others too.
  const own = e.urls?.filter((u) => e.matched.includes(u.replace(/^https:\/\//, '')));
  const urls = (own?.length ? own : e.urls?.length ? e.urls : urlsIn(e.matched)).filter(
    (u) => !new RegExp(`=["']?${escapeRegExp(u)}`).test(e.matched),
  );
  if (!urls.length || !urls.every(isOfficialInstallerUrl)) return e;
  return { ...e, capabilities: [...e.capabilities, 'vendor-installer'] };
}

/**
 * What a file runs or holds, as evidence another unit can borrow: all of it (a script is one step), or of a justfile or
 * Makefile what the recipe asked for runs (`just check`: `check` and what it depends on). A recipe the file does not
 * have lends everything: what runs is unknown.
 */
export function borrowable(analysis: FileAnalysis, entry?: string, projectArgument?: true): BorrowedEvidence[] {
  const runs = entry && analysis.recipes?.has(entry) ? linesRunBy(analysis.recipes, entry) : undefined;
  return (
    analysis.evidence
      .filter((evidence) => !runs || runs(evidence.line))
      // A program that uploads the folder it is given uploads the project only when it is given the project.
      .filter((evidence) => evidence.detector !== 'argument-folder-uploaded' || projectArgument === true)
      .map((evidence) => ({ evidence: withVendorInstaller(evidence), path: analysis.path }))
  );
}
