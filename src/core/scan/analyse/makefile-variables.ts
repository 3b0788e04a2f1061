import { MAKEFILE } from '../rules/shell-vocabulary.js';

/**
 * A Makefile's `$(HOME)` and `$(MIRROR)` are the shell's `${HOME}` and `${MIRROR}` in its recipes: read that way, so a
 * rule that knows `${HOME}/.ssh` knows it in a recipe. Same length, so every offset still points at the file.
 */
export function makeVariablesAsShell(path: string, text: string): string {
  return MAKEFILE.test(path) ? makeTextAsShell(text) : text;
}

/** Make's text read as the shell's, whatever the file's name: what a Makefile includes (`include $(DIR)reset.env`) is Make. */
export function makeTextAsShell(text: string): string {
  return (
    text
      .replace(/\$\(([A-Za-z_]\w{0,60})\)/g, '$${$1}')
      // A recipe line's `@` (silent), `-` (ignore errors) and `+` are Make's: the command starts after them.
      .replace(/^(\t)([@+-]{1,3})/gm, (_, tab: string, marks: string) => tab + ' '.repeat(marks.length))
  );
}

/**
 * What Make's functions that only spell a word make of it: `$(if $(CI),rl,rl)` is `rl`, `$(shell command -v ba''sh)`
 * is `bash`, and a word split by empty quotes (`cu''rl`) is the word.
 */
export function makeFunctionsRead(value: string): string {
  return value
    .replace(/\$\(if {1,4}[^,()]{0,100},([^,()]{0,100}),\1\)/g, '$1')
    .replace(/\$\(shell {1,4}(?:command {1,4}-v|which|type {1,4}-p) {1,4}([^()\s]{1,60}) {0,4}\)/g, '$1')
    .replace(/(?<=\w)(?:''|"")(?=\w)/g, '');
}
