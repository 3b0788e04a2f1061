import type { Detector } from './scan-rule.js';
import { setToHome } from './s007-vocabulary.js';
import { setToProjectParent } from './project-folders.js';

/** A destination that is everything: the root, the home folder, the folder above the project (bare, or with a `/`). */
const EVERYTHING = /^(?:\/|~\/?|\$HOME\/?|\$\{HOME\}\/?|\.\.(?:\/\.\.){0,6}\/?)$/;

/** The last word of an rsync command, its destination, quotes stripped; a remote one (`host:path`) is not read. */
function destination(command: string): string | undefined {
  const words = command
    .trim()
    .split(/\s+/)
    .filter((w) => !w.startsWith('-'));
  const last = words[words.length - 1]?.replace(/^["']|["']$/g, '');
  return last && !/^[\w.@-]{1,100}:/.test(last) ? last : undefined;
}

/**
 * `rsync -a --delete "$EMPTY/" "$WS/"`: a mirror makes the destination hold only what the source holds, so every file
 * there that the source lacks is deleted. Over the home folder, the root or the folder that holds the project (every
 * repository beside it), that is the user's work gone, whatever it is called ("a faster rm", "reset the caches").
 */
export const MIRROR_DELETE_DETECTORS: readonly Detector[] = [
  {
    id: 'mirror-deletes-over-everything',
    keywords: ['rsync'],
    re: /\brsync\s(?:[^;&|\n]{0,300}?)--del(?:ete(?:-\w{1,12})?)?\b[^;&|\n]{0,300}/,
    accept: (m, c) => {
      const dest = destination(m[0]);
      if (!dest) return false;
      if (EVERYTHING.test(dest)) return true;
      const variable = /^\$\{?(\w{1,40})\}?\/?$/.exec(dest)?.[1];
      if (!variable) return false;
      // A document's steps share one shell: the folder may be set in the block before (`WS="$(cd … /.. && pwd)"`), so the
      // whole file (which holds the unit) is read.
      const text = c.fileText ?? c.unitText;
      return setToHome(variable, text) || setToProjectParent(text, variable);
    },
  },
];
