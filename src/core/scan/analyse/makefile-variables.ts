import { MAKEFILE } from '../rules/shell-vocabulary.js';

/**
 * A Makefile's `$(HOME)` and `$(MIRROR)` are the shell's `${HOME}` and `${MIRROR}` in its recipes: read that way, so a
 * rule that knows `${HOME}/.ssh` knows it in a recipe. Same length, so every offset still points at the file.
 */
export function makeVariablesAsShell(path: string, text: string): string {
  return MAKEFILE.test(path) ? text.replace(/\$\(([A-Za-z_]\w{0,60})\)/g, '$${$1}') : text;
}
