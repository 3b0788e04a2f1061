import { CODE, type Detector } from './scan-rule.js';
import { onlyRebuilt } from './s007-vocabulary.js';
import {
  loopsOverHomeFoldersInPowerShell,
  parentOfInPowerShell,
  setToProjectInPowerShell,
  setToProjectParentInPowerShell,
} from './project-folders.js';

/**
 * PowerShell that lists the folder above the project and removes what it finds there (`$parent = Split-Path $root
 * -Parent` … `Get-ChildItem -Path $parent -Directory | … | Remove-Item -Recurse -Force`): every project beside this one,
 * whatever the comment calls them ("stale worktrees"). Sparing this project by name spares nothing else.
 */
export const SIBLING_FOLDER_DETECTORS: readonly Detector[] = [
  {
    id: 'powershell-deletes-beside-project',
    keywords: ['get-childitem', 'gci'],
    scope: 'unit',
    reads: CODE,
    // The removal may be a function of the script's that each entry is handed to (`ForEach-Object { Odstrani $_.FullName }`).
    re: /\b(?:Get-ChildItem|gci)\b[^|\n]{0,200}?\s(?:-Path\s{1,4}|-LiteralPath\s{1,4})?["']?(?:\.\.|\$(\w{1,40}))["']?(?=[\s|])[^|\n]{0,200}\|[^]{0,300}?(?:\bRemove-Item\b[^\n]{0,200}?-Recurse\b|\b(?:ForEach-Object|foreach)\s{0,4}\{[^}\n]{0,200}?\b(?<helper>[A-Za-z][\w-]{1,40})\s{1,4}\$_(?:\.FullName)?\b)/i,
    // A listing that selects by name (`-Include bin, obj`, `-Filter node_modules`) removes what it names, not everything.
    accept: (m, c) => {
      const listing = m[0].split('|', 1)[0]!;
      const name = m[1];
      const helper = m.groups?.helper;
      // `ForEach-Object { Remove-Item $_.FullName -Recurse }` removes itself; another name must be a function that does.
      const removes = helper
        ? /^(?:Remove-Item|ri|rm|rmdir|del|erase)$/i.test(helper)
          ? /^[^\n]{0,200}?-Recurse\b/i.test(c.text.slice(m.index + m[0].length))
          : new RegExp(String.raw`\bfunction\s{1,4}${helper}\b[^]{0,400}?\bRemove-Item\b[^\n]{0,200}?-Recurse\b`, 'i').test(c.unitText)
        : true;
      if (!removes) return false;
      // The parent of any folder, listed with that folder spared (`Where-Object { $_.FullName -ne $root }`): all beside it.
      const root = name === undefined ? undefined : parentOfInPowerShell(c.unitText, name);
      return (
        (name === undefined ||
          setToProjectParentInPowerShell(c.unitText, name) ||
          (root !== undefined && new RegExp(String.raw`-ne\s{1,4}["']?\$${root}\b`, 'i').test(m[0])) ||
          loopsOverHomeFoldersInPowerShell(c.unitText, name)) &&
        !onlyRebuilt(listing) &&
        !/\s-(?:Include|Filter)\s/i.test(listing)
      );
    },
    level: 'HIGH',
    capabilities: ['destruction'],
    why: "Deletes the folders beside the project (the parent folder listed, each entry removed): the user's other work, beyond recovery.",
  },
  {
    // Everything in the folder above the project as one path of a removal list (`(Join-Path (Split-Path $repo -Parent) '*')`
    // among the targets a loop gives `Remove-Item -Recurse`): the user's other projects go with the build output.
    id: 'powershell-wildcard-beside-project',
    keywords: ['split-path'],
    alsoKeywords: ['remove-item'],
    scope: 'unit',
    reads: CODE,
    re: /\bJoin-Path\s{1,4}(?:-Path\s{1,4})?\(\s{0,4}Split-Path\s{1,4}(?:-Parent\s{1,4})?(?:-Path\s{1,4})?\$(\w{1,40})(?:\s{1,4}-Parent)?\s{0,4}\)\s{1,4}(?:-ChildPath\s{1,4})?["']\*["']/i,
    accept: (m, c) =>
      /-Parent\b/i.test(m[0]) && /\bRemove-Item\b[^\n]{0,200}?-Recurse\b/i.test(c.unitText) && setToProjectInPowerShell(c.unitText, m[1]!),
    level: 'HIGH',
    capabilities: ['destruction'],
    why: "Deletes the folders beside the project (the parent folder listed, each entry removed): the user's other work, beyond recovery.",
  },
  {
    // Python: `for sibling in PROJECT.parent.iterdir(): … shutil.rmtree(sibling)`, `for d in os.listdir(".."): … rmtree(…)`.
    id: 'python-deletes-beside-project',
    keywords: ['iterdir', 'listdir', 'scandir', 'glob'],
    scope: 'unit',
    reads: CODE,
    re: /\bfor\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}(?:[\w.]{0,60}\.parent\.(?:iterdir|glob)\s{0,4}\(|(?:os\.)?(?:listdir|scandir)\s{0,4}\(\s{0,4}["']\.\.["']|Path\s{0,4}\(\s{0,4}["']\.\.["']\s{0,4}\)\.(?:iterdir|glob)\s{0,4}\(|glob(?:\.glob)?\s{0,4}\(\s{0,4}["']\.\.\/\*)[^\n]{0,120}:[^]{0,600}?\b(?:shutil\.rmtree|rmtree|os\.remove|os\.unlink|os\.rmdir)\s{0,4}\(\s{0,4}(?:os\.path\.join\s{0,4}\([^)\n]{0,80}?)?\1\b/,
    level: 'HIGH',
    capabilities: ['destruction'],
    why: "Deletes the folders beside the project (the parent folder listed, each entry removed): the user's other work, beyond recovery.",
  },
  {
    // The same through a name for the parent (`base = root.parent` … `for sib in base.iterdir(): … yield sib`) and a generator
    // whose entries the program removes (`for t in kept: shutil.rmtree(t)`): every repository beside this one.
    id: 'python-yields-folders-beside-project',
    keywords: ['iterdir', 'glob'],
    alsoKeywords: ['rmtree'],
    scope: 'unit',
    reads: CODE,
    re: /\bfor\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}(\w{1,40})\.(?:iterdir|glob)\s{0,4}\(/,
    accept: (m, c) => {
      const [, entry, base] = m;
      if (
        !new RegExp(
          String.raw`\b${base}\s{0,4}=\s{0,4}(?:[\w.()]{0,80}\.parent|Path\s{0,4}\(\s{0,4}["']\.\.["']\s{0,4}\))\s{0,4}(?:#[^\n]{0,200})?$`,
          'm',
        ).test(c.unitText)
      )
        return false;
      const file = c.fileText ?? c.unitText;
      return (
        new RegExp(String.raw`\b(?:shutil\.)?rmtree\s{0,4}\(\s{0,4}${entry}\b`).test(c.unitText) ||
        (new RegExp(String.raw`\byield\s{1,4}${entry}\b`).test(c.unitText) && /\bshutil\.rmtree\s{0,4}\(/.test(file))
      );
    },
    level: 'HIGH',
    capabilities: ['destruction'],
    why: "Deletes the folders beside the project (the parent folder listed, each entry removed): the user's other work, beyond recovery.",
  },
];
