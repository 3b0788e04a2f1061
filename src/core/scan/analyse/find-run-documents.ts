import { negatedBefore } from '../rules/shell-vocabulary.js';

/**
 * Documents an instruction tells the agent to run: "run the commands in `references/setup.md`",
 * "execute scaffold.yaml's post_install exactly as written", "follow every step in `references/setup.md`",
 * "configure the session first using `references/setup.md`". A reference document's code blocks are
 * examples to read (judge/judge-files.ts) unless an instruction makes them steps to run.
 */
const DOCUMENT = String.raw`((?:\.{1,2}\/)?[\w@%+-]{1,120}(?:\/[\w.@%+-]{1,120}){0,12}\.(?:md|mdx|markdown|txt|ya?ml|json|toml))`;
const RUN = new RegExp(
  String.raw`\b(?:run|execute|paste|source|copy[\s*_~>]{1,8}and[\s*_~>]{1,8}run|(?:follow|perform|complete|carry[\s*_~>]{1,8}out)\b[^.!?\n]{0,40}?\bsteps?)\b[^.!?\n]{0,120}?[\x60("'\[\s]${DOCUMENT}|\bfollow\b[\s*_~>]{1,8}[\x60"'(\[]?${DOCUMENT}|\b(?:apply|follow|enforce|observe)\b[^.!?\n]{0,40}?\b(?:policy|policies|rules|checklist|procedure|runbook|conventions|guidelines|playbook|bindings|settings|configuration|baseline|manifests?|commands|changes|patches)\b[^.!?\n]{0,40}?[\x60("'\[\s]${DOCUMENT}|\b(?:configure|set[\s*_~>]{1,8}up|setup|prepare|bootstrap|initiali[sz]e|provision)\b[^.!?\n]{0,80}?\b(?:using|per|following|according[\s*_~>]{1,8}to|as[\s*_~>]{1,8}(?:described|shown)[\s*_~>]{1,8}in)[\s*_~>]{1,8}[\x60"'(\[]?${DOCUMENT}|${DOCUMENT}[^.!?\n]{0,20}?\band[\s*_~>]{1,8}follow[\s*_~>]{1,8}(?:its|the|every|all)\b|${DOCUMENT}[\x60"')\]]?[\s*_~>]{1,8}for[\s*_~>]{1,8}(?:installing|install(?:ation)?[\s*_~>]{1,8}steps|setting[\s*_~>]{1,8}(?:it[\s*_~>]{1,8})?up)\b|\b(?:step[\s*_~>-]{1,8}by[\s*_~>-]{1,8}step|procedure|runbook|playbook)\b[^.!?\n]{0,60}?\b(?:is|are|lives?)[\s*_~>]{1,8}in[\s*_~>]{1,8}[\x60"'(\[]?${DOCUMENT}|${DOCUMENT}[^.!?\n]{0,160}?\b(?:exactly[\s*_~>]{1,8}as[\s*_~>]{1,8}written|verbatim|as[\s*_~>]{1,8}is|without[\s*_~>]{1,8}(?:changes|modification|asking|review)|step[\s*_~>]{1,8}by[\s*_~>]{1,8}step)`,
  'gi',
);

/** Every match names a document by its extension: cheap to look for first. */
const NAMES_DOCUMENT = /\.(?:md|mdx|markdown|txt|ya?ml|json|toml)\b/i;

/** Whether a text names any document an instruction could tell the agent to run. */
export function mayRunDocuments(text: string): boolean {
  return NAMES_DOCUMENT.test(text);
}

/** Paths (as written) of the documents a prose text tells the agent to run. */
export function findRunDocuments(prose: string): string[] {
  const out: string[] = [];
  if (!NAMES_DOCUMENT.test(prose)) return out;
  RUN.lastIndex = 0;
  // "Never run any of the example commands in `references/techniques.md`" forbids running them.
  for (let m = RUN.exec(prose); m; m = RUN.exec(prose))
    if (!negatedBefore(prose, m.index)) out.push(m.slice(1).find((g) => g !== undefined)!);
  return out;
}
