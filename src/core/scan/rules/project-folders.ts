import { oncePerTextAndKey } from './once-per-text.js';

/** The working folder in a shell: `$PWD`, `${PWD}`, `$(pwd)`. */
export const WORKING_FOLDER = String.raw`\$PWD\b|\$\{PWD\}|\$\(\s{0,4}pwd\s{0,4}\)`;

/**
 * The project's own folder in a shell: the repository's top level, the working folder, or the folder an agent client or
 * CI gives a hook (`${CLAUDE_PROJECT_DIR:-$(pwd)}`, `$GITHUB_WORKSPACE`).
 */
const PROJECT = String.raw`\$\(\s{0,4}git\s{1,4}rev-parse\s{1,4}--show-toplevel(?:\s{1,4}2>\s{0,2}\/dev\/null)?(?:\s{0,4}\|\|\s{0,4}pwd)?\s{0,4}\)|${WORKING_FOLDER}|\$\{?(?:CLAUDE_PROJECT_DIR|GITHUB_WORKSPACE)\b(?::?-[^}\n]{0,60}\})?`;

/** Whether a text (first argument) sets `name` to the project's folder (`here="$(git rev-parse --show-toplevel)"`, `ROOT=$PWD`). */
export const setToProject = oncePerTextAndKey((text, name) =>
  new RegExp(String.raw`(?:^|[\s;(])${name}=["']?(?:${PROJECT})`, 'm').test(text),
);

/**
 * Whether a text (first argument) sets `name` to the folder that holds the project, every repository beside it:
 * `P="$(dirname "$ROOT")"` (ROOT the project), `WS="$(cd "$(git rev-parse --show-toplevel)/.." && pwd)"`, `UP=$(cd .. && pwd)`.
 */
export const setToProjectParent = oncePerTextAndKey((text, name) => {
  const dirname = new RegExp(
    // The folder's own parent: `dirname "${root}/.turbo/cache/"` is a folder inside it.
    String.raw`(?:^|[\s;(])${name}=["']?\$\(\s{0,4}dirname\s{1,4}["']?(?:${WORKING_FOLDER}|\$\{?(\w{1,40})\}?)\/?["']?\s{0,4}\)`,
    'm',
  ).exec(text);
  if (dirname) return !dirname[1] || setToProject(text, dirname[1]);
  const up = new RegExp(
    String.raw`(?:^|[\s;(])${name}=["']?\$\(\s{0,4}cd\s{1,4}["']?(?:(?:${PROJECT}|\$\{?(\w{1,40})\}?)\/)?\.\.\/?["']?\s{0,4}(?:&&|;)\s{0,4}pwd\b`,
    'm',
  ).exec(text);
  return !!up && (!up[1] || setToProject(text, up[1]));
});

/** The project's folder in PowerShell: the working location, the script's folder's repository, git's top level. */
const POWERSHELL_PROJECT = String.raw`(?:\(?Get-Location\)?(?:\.Path)?|\$PWD(?:\.Path)?|\(?\s{0,4}git\s{1,4}rev-parse\s{1,4}--show-toplevel\s{0,4}\)?)`;

/** Whether a text (first argument) sets `$name` to the project's folder (`$repo = (git rev-parse --show-toplevel 2>$null)`). */
export const setToProjectInPowerShell = oncePerTextAndKey((text, name) =>
  new RegExp(String.raw`\$${name}\s{0,4}=\s{0,4}\(?\s{0,4}${POWERSHELL_PROJECT}`, 'i').test(text),
);

/** Whether a text (first argument) sets `$name` to the folder above the project (`$parent = Split-Path $root -Parent`, root the project). */
export const setToProjectParentInPowerShell = oncePerTextAndKey((text, name) => {
  const split = new RegExp(
    String.raw`\$${name}\s{0,4}=\s{0,4}\(?\s{0,4}Split-Path\s{1,4}(?:-Path\s{1,4})?(?:\$(\w{1,40})|${POWERSHELL_PROJECT})\s{1,4}-Parent\b`,
    'i',
  ).exec(text);
  if (!split) return false;
  const root = split[1];
  return !root || setToProjectInPowerShell(text, root);
});

/** The variable whose parent folder `$name` is set to (`$parent = Split-Path -Parent $root`, `Split-Path $root -Parent`). */
export const parentOfInPowerShell = oncePerTextAndKey((text, name) =>
  new RegExp(
    String.raw`\$${name}\s{0,4}=\s{0,4}\(?\s{0,4}Split-Path\s{1,4}(?:-Parent\s{1,4})?(?:-Path\s{1,4})?\$(\w{1,40})(?:\s{1,4}-Parent)?\b`,
    'i',
  )
    .exec(text)?.[1]
    ?.toLowerCase(),
);

/** Whether `$name` is a loop's variable over folders of the user's home (`foreach ($d in @("$HOME/src", "$HOME/Documents"))`). */
export const loopsOverHomeFoldersInPowerShell = oncePerTextAndKey((text, name) => {
  const loop = new RegExp(String.raw`\bforeach\s{0,4}\(\s{0,4}\$${name}\s{1,4}in\s{1,4}(?:@?\(([^)]{1,400})\)|\$(\w{1,40}))`, 'i').exec(
    text,
  );
  // Or over a list set before the loop (`$stale = @((Join-Path $env:USERPROFILE 'source\repos\*'), …)`).
  const list =
    loop?.[1] ??
    (loop?.[2] ? new RegExp(String.raw`\$${loop[2]}\s{0,4}=\s{0,4}@\(([^]{1,600}?)\n\s{0,8}\)`, 'i').exec(text)?.[1] : undefined);
  return list !== undefined && /\$HOME\b|\$env:(?:USERPROFILE|HOME)\b|["']~[\\/]/i.test(list);
});
