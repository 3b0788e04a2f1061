import { asksFirst, CRITICAL_PATH, onlyRebuilt, RECURSIVE_FLAGS, setToHome, searchesHome } from './s007-vocabulary.js';
import { setToProject, setToProjectParent, WORKING_FOLDER } from './project-folders.js';
import { CODE, type Detector, type MatchContext } from './scan-rule.js';
import { JUSTFILE, MAKEFILE } from './shell-vocabulary.js';
import { oncePerTextAndKey } from './once-per-text.js';
import { loopsOverOtherFolders } from './other-folders.js';

/** The variable `dd` writes to is set to a device the text names (`TARGET=/dev/disk/by-id/usb-…`): that device, as written. */
function namesDevice(command: string, unitText: string): boolean {
  const name = /\bof=["']?\$\{?(\w{1,40})/.exec(command)?.[1];
  return !!name && setToDevice(unitText, name);
}

/** Whether the unit sets `name` to a device path; read once per unit and name. */
const setToDevice = oncePerTextAndKey((text, name) => new RegExp(String.raw`(?:^|[\s;])${name}=["']?\/dev\/`, 'm').test(text));

/** A variable a `for` loop binds that walks folders outside the workspace; once per unit and name. */
const forLoopOverOtherFolders = oncePerTextAndKey(
  (text, name) => new RegExp(String.raw`\bfor\s{1,4}${name}\s{1,4}in\s`).test(text) && loopsOverOtherFolders(text, name),
);

/** A `while read` variable fed after its `done` by a search of folders outside the workspace (`done < <(find .. …)`). */
const fedAfterDoneFromOtherFolders = oncePerTextAndKey(
  (text, name) =>
    /\bdone\s{0,4}<\s{0,4}<\(/.test(text) &&
    new RegExp(String.raw`\bread\b[^\n]{0,40}\b${name}\b`).test(text) &&
    loopsOverOtherFolders(text, name),
);

/** A Makefile's (or a justfile's) variables are the whole file's: `SCAN_ROOT ?= $(HOME)` at the top is the root a recipe's `find` walks. */
function makeSetsHome(name: string, c: MatchContext): boolean {
  return (MAKEFILE.test(c.path) || JUSTFILE.test(c.path)) && c.fileText !== undefined && setToHome(name, c.fileText);
}

/** Whether the unit defines a shell function `name` that removes a tree it is given (`prune() { rm -rf -- "$1"; }`). */
function removesItsArgument(unitText: string, name: string): boolean {
  const at = unitText.search(new RegExp(String.raw`(?:^|[\s;])(?:function\s{1,4})?${name}\s{0,4}(?:\(\s{0,4}\))?\s{0,4}\{`));
  if (at < 0) return false;
  const body = unitText.slice(at, at + 600);
  return /\brm\s{1,4}-[a-zA-Z]{0,6}[rR][^\n]{0,80}\$\{?(?:1|@|\w{1,40})\b/.test(body);
}

/** Removal across the filesystem or the home folder, disks overwritten, permissions opened to everyone, processes exhausted. */
/** Whether a unit binds `name` to the home folder itself (`home, _ := os.UserHomeDir()`, `home = Path.home()`, `let home = env::var("HOME")?`). */
const boundToHome = oncePerTextAndKey((text, name) =>
  new RegExp(
    String.raw`\b${name}\s{0,4}(?:,\s{0,4}\w{1,40}\s{0,4})?(?::\s{0,4}[\w<>]{1,40}\s{0,4})?:?=\s{0,4}(?:os\.UserHomeDir\s{0,4}\(\s{0,4}\)|os\.homedir\s{0,4}\(\s{0,4}\)|Path\.home\s{0,4}\(\s{0,4}\)|os\.path\.expanduser\s{0,4}\(\s{0,4}["']~\/?["']\s{0,4}\)|os\.environ\s{0,4}(?:\[\s{0,4}["']HOME["']\s{0,4}\]|\.get\s{0,4}\(\s{0,4}["']HOME["']\s{0,4}\))|os\.Getenv\s{0,4}\(\s{0,4}"HOME"\s{0,4}\)|process\.env\.HOME\b|(?:dirs::|home::)?home_dir\s{0,4}\(\s{0,4}\)|(?:std::)?env::var\s{0,4}\(\s{0,4}"HOME"\s{0,4}\)|Dir\.home\b|ENV\s{0,4}\[\s{0,4}["']HOME["']\s{0,4}\]|Environment\.GetFolderPath\s{0,4}\(\s{0,4}Environment\.SpecialFolder\.UserProfile\s{0,4}\)|Environment\.GetEnvironmentVariable\s{0,4}\(\s{0,4}"(?:USERPROFILE|HOME)"\s{0,4}\))(?![\w.\/]|\s{0,4}[+/]|\s{0,4},\s{0,4}["'])`,
  ).test(text),
);

export const FILESYSTEM_DETECTORS: readonly Detector[] = [
  {
    id: 'rm-recursive-root-or-home',
    keywords: ['^rm$'],
    re: new RegExp(String.raw`\brm\s{1,4}${RECURSIVE_FLAGS}(?:--\s{1,4})?(?:[^\s;&|]{1,200}\s{1,4}){0,8}${CRITICAL_PATH}`, 'i'),
    accept: (m) => /\s-[a-zA-Z]{0,6}[rR]|--recursive/.test(m[0]),
  },
  {
    id: 'rm-star-at-root',
    keywords: ['^rm$'],
    re: /\bcd\s{1,4}["']?(?:\/|~|\$HOME|\$\{HOME\}|\.\.(?:\/\.\.){0,6})\/?["']?\s{0,4}(?:&&|;)\s{0,4}(?:sudo\s{1,4})?rm\s{1,4}-[a-zA-Z]{0,6}[rR][a-zA-Z]{0,6}\s{1,4}(?:--\s{1,4})?(?:\.\/)?\*/i,
  },
  {
    id: 'find-delete-root',
    keywords: ['find'],
    // The root may be quoted inside a string (`run "find \"$HOME\" …"`) or a variable the unit sets to the home folder;
    // the removal may be a shell's (`-exec sh -c 'rm -rf "$(dirname "$1")"' _ {} \;`: each found repository's folder).
    re: /\bfind\s{1,4}\\?["']?(?:\/|~|\\?\$HOME|\\?\$\{HOME\}|\.\.|\\?\$\{?(?<root>\w{1,40})(?::?[?=+-][^}\s]{0,60})?\}?)(?:\/(?:Documents|Desktop|Downloads|Pictures|projects|src|code|repos|workspace|\.\.))?\/?\\?["']?\s[^;&|]{0,160}?(?:-delete\b|-exec\s{1,4}(?:(?:ba|z|da)?sh\s{1,4}-c\s{1,4}\\?["']\s{0,4})?rm\s{1,4}-[a-zA-Z]{0,6}[rR])/i,
    accept: (m, c) => {
      const root = m.groups?.root;
      // Build output under the home folder comes back; logs and caches across the whole filesystem are the system's.
      const wholeDisk = /^find\s{1,4}\\?["']?\/(?!\w)/.test(m[0]);
      return (!root || root === 'HOME' || searchesHome(root, c.unitText) || makeSetsHome(root, c)) && (wholeDisk || !onlyRebuilt(m[0]));
    },
  },
  {
    // `here="$(git rev-parse --show-toplevel)"` … `find "$(dirname "$here")" -mindepth 1 -maxdepth 1 ! -path "$here" -exec rm -rf {} +`:
    // the folder that holds the project, searched and emptied: every repository beside it.
    id: 'find-delete-parent-of-project',
    keywords: ['dirname'],
    scope: 'unit',
    reads: CODE,
    // Or through a variable the unit sets to it (`WT_PARENT="$(dirname "$ROOT")"` … `find "$WT_PARENT" …`), over lines joined
    // with a trailing backslash.
    re: new RegExp(
      String.raw`\bfind\s{1,4}\\?["']?(?:\$\(\s{0,4}dirname\s{1,4}\\?["']?(?:${WORKING_FOLDER}|\$\{?(?<top>\w{1,40})\}?)\\?["']?\s{0,4}\)|\$\{?(?<parent>\w{1,40})\}?)\\?["']?\s(?:[^;&|\n\\]|\\\n?){0,200}?(?:-delete\b|-exec\s{1,4}(?:sudo\s{1,4})?rm\s{1,4}-[a-zA-Z]{0,6}[rR])`,
    ),
    accept: (m, c) => {
      const top = m.groups?.top;
      const parent = m.groups?.parent ? setToProjectParent(c.unitText, m.groups.parent) : !top || setToProject(c.unitText, top);
      return parent && !onlyRebuilt(m[0]);
    },
    level: 'HIGH',
    capabilities: ['destruction'],
    why: "Deletes the contents of the folder that holds the project (its siblings): the user's other work, beyond recovery.",
  },
  {
    // `fd -t d '^(node_modules|.git)$' ".." -x rm -rf {}` (fd, find's successor): what it matches under the folder above the
    // project, the home folder or the root, removed. Its pattern may hold `|`, so quoted words are read whole.
    id: 'fd-delete-root',
    keywords: ['^fd$'],
    // Words apart by up to 40 blanks: a justfile's `{{depth}}` is read as its value padded to the same length.
    re: /\bfd\b(?:[ \t]{1,40}(?:'[^'\n]{0,100}'|"[^"\n]{0,100}"|[^;&|\n'"\s]{1,60})){0,16}?[ \t]{1,40}(?:-x|--exec|-X|--exec-batch)\s{1,4}(?:sudo\s{1,4})?rm\s{1,4}-[a-zA-Z]{0,6}[rR]/,
    accept: (m) =>
      /\s["']?(?:\.\.(?:\/\.\.){0,6}|~|\$HOME|\$\{HOME\}|\/)\/?["']?(?=\s)/.test(
        m[0].replace(/'[^'\n]*'|"(?!\.\.|~|\$HOME|\/)[^"\n]*"/g, ' '),
      ),
  },
  {
    // `rm -rf "$ROOT"/*` where the script set ROOT to the home folder (or made it the fallback): everything in it. Also
    // `"$d"*` (all that starts with the folder's name) and `"$d.git"`/`"$d/.git"` (its history).
    id: 'rm-variable-set-to-home',
    keywords: ['^rm$'],
    re: new RegExp(
      String.raw`\brm\s{1,4}${RECURSIVE_FLAGS}(?:--\s{1,4})?(?:[^\s;&|]{1,200}\s{1,4}){0,4}"?\$\{?(?<root>\w{1,40})(?::?[?=+-][^}\s]{0,60})?\}?"?(?:\/\*|"?\*(?=[\s;&|)]|$)|[./]git"?(?=[\s;&|)]|$)|\/?["']?(?=[\s;&|)]|$))`,
      'i',
    ),
    // Or a `for` loop's variable that walks folders outside the workspace (`for d in /opt/appdata "$HOME"/docker/*/data`);
    // what a search feeds a `while read` is find-home-then-remove's.
    accept: (m, c) =>
      /\s-[a-zA-Z]{0,6}[rR]|--recursive/.test(m[0]) &&
      m.groups!.root !== 'HOME' &&
      (setToHome(m.groups!.root!, c.unitText) ||
        forLoopOverOtherFolders(c.unitText, m.groups!.root!) ||
        fedAfterDoneFromOtherFolders(c.unitText, m.groups!.root!)),
  },
  {
    // `find ~ -name .git | while read d; do rm -rf "$d"; done`: whatever the search finds across the home folder, removed.
    id: 'find-home-then-remove',
    keywords: ['find'],
    scope: 'unit',
    // The root may be a folder of the home (`~/code`) or a variable the unit points at the home or walks over its folders.
    // The pipe may feed a helper the unit defines (`… | while read -r e; do prune "$e"; done` with `prune() { rm -rf -- "$1"; }`).
    re: /\bfind\s{1,4}["']?(?:~|\$HOME|\$\{HOME\}|\/|(?:~|\$HOME|\$\{HOME\})\/[\w.-]{1,60}|(?<parent>\.\.(?:\/\.\.){0,6})|\$\{?(?<root>\w{1,40})(?::?[?=+-][^}\s]{0,60})?\}?)\/?["']?\s(?:[^;&|\n\\]|\\.|\\\n){0,240}?\|[\s\S]{0,300}?(?:\b(?:rm\s{1,4}-[a-zA-Z]{0,6}[rR]|rmdir\b|shred\b)|\bwhile\b[^\n]{0,120}?\bdo\s{1,4}(?<helper>(?!(?:rm|rmdir|shred)\s)[A-Za-z_][\w-]{0,40})\s)/i,
    // Or the folder above the project (`scan="$(cd .. && pwd)"`): every repository beside it, unless the search picks by name.
    accept: (m, c) =>
      (m.groups?.helper === undefined || removesItsArgument(c.unitText, m.groups.helper)) &&
      (m.groups?.parent ? !/\s-(?:i?name|i?path|i?regex|wholename)\s/.test(m[0]) : true) &&
      (!m.groups?.root ||
        searchesHome(m.groups.root, c.unitText) ||
        makeSetsHome(m.groups.root, c) ||
        loopsOverOtherFolders(c.unitText, m.groups.root)) &&
      !onlyRebuilt(m[0]),
  },
  {
    id: 'windows-recursive-delete',
    keywords: ['^rd$', 'rmdir', 'remove-item', '^format$', '^format.com$', '^del$'],
    // Also the home folder (or OneDrive, Documents…) listed and every entry removed, a filter between or not.
    re: /\b(?:rd|rmdir)\s{1,4}\/s\s{1,4}\/q\s{1,4}["']?[a-zA-Z]:\\?["']?(?=[\s;&|)\x60"']|$)|\bremove-item\b[^;|]{0,80}?-recurse\b[^;|]{0,80}?(?:["']?[a-zA-Z]:\\["']?(?=[\s;&|)\x60"']|$)|\$env:(?:userprofile|systemroot|windir|homedrive)\b|["']?~["']?(?=[\s;&|)\x60"']|$))|\bformat(?:\.com)?\s{1,4}[a-zA-Z]:(?=[\s;&|)\x60"']|$)|\bdel\s{1,4}(?:\/[fsqa]\s{1,4}){2,4}["']?[a-zA-Z]:\\\*?|\b(?:get-childitem|gci|ls|dir)\s{1,4}(?:-path\s{1,4}|-literalpath\s{1,4})?["']?(?:\$env:userprofile|\$home|~)(?:\\(?:onedrive|documents|desktop|pictures|downloads|source\\repos))?\\?["']?(?=[\s|])[^|\n]{0,80}\|(?:\s{0,8}(?:where-object|where|\?)\s{0,4}\{[^}\n]{0,200}\}\s{0,8}\|)?\s{0,8}remove-item\b[^;|\n]{0,80}?-recurse/i,
  },
  {
    id: 'overwrite-disk',
    keywords: ['/dev/', 'mkfs', 'wipefs', 'diskutil'],
    // Zeros or noise written to a device a variable holds, with no `count=` (a file of a set size is how swap files are made): the whole disk.
    re: /\bdd\b[^|;&]{0,120}?\bof=\/dev\/(?:sd[a-z]|hd[a-z]|nvme\d|disk\d|rdisk\d|mmcblk\d|xvd[a-z]|vd[a-z])|\bdd\s(?![^|;&\n]{0,160}\bcount=)[^|;&\n]{0,60}?\bif=\/dev\/(?:zero|u?random)\b[^|;&\n]{0,60}?\bof=["']?\$\{?\w{0,20}(?:DEV|DISK|DRIVE|DEVICE|TARGET|BLK|BLOCK)\w{0,20}\}?["']?(?=\s|$)|>\s{0,4}\/dev\/(?:sd[a-z]|hd[a-z]|nvme\d|disk\d|rdisk\d|mmcblk\d)\b|\bmkfs(?:\.\w{1,10})?\s{1,4}\S|\bwipefs\s{1,4}-a\b|\bshred\b[^;&|]{0,60}?\/dev\/|\bdiskutil\s{1,4}(?:erasedisk|erasevolume|zerodisk)\b[^;&|\n]{0,120}/i,
    // The first disk (where the system lives) is destroyed outright; another device is one the user picked. A whole device
    // zeroed through a variable is HIGH unless the script stops to ask the user first.
    accept: (m, c) =>
      /\/dev\/(?:sda|hda|vda|xvda|nvme0n1|mmcblk0|disk0|disk1|rdisk0)\b(?!\d|p\d|s\d)|\bdisk[01]\b/.test(m[0]) ||
      (/\bof=["']?\$/.test(m[0]) && !asksFirst(c.unitText) && !namesDevice(m[0], c.unitText))
        ? 'HIGH'
        : 'MEDIUM',
  },
  {
    id: 'world-writable',
    keywords: ['chmod', 'chown'],
    re: /\bchmod\s{1,4}(?:-[a-zA-Z]{0,3}R[a-zA-Z]{0,3}\s{1,4}|--recursive\s{1,4})(?:0?777|a\+rwx|ugo\+rwx)\s{1,4}\S|\bchmod\s{1,4}(?:0?777|a\+rwx|ugo\+rwx)\s{1,4}["']?(?:\/|~|\$HOME)|\bchown\s{1,4}-[a-zA-Z]{0,3}R[a-zA-Z]{0,3}\s{1,4}\S{1,64}\s{1,4}["']?\/["']?(?=[\s;&|)\x60"']|$)/i,
    // The match ends at the first character of the target: absolute or home paths are HIGH.
    accept: (m) => (/^["']?[/~$]/.test(m[0].trim().split(/\s+/).pop() ?? '') ? 'HIGH' : 'MEDIUM'),
  },
  {
    id: 'fork-bomb',
    keywords: ['(){', '() {', '( ){', '( ) {'],
    re: /:\s{0,4}\(\s{0,4}\)\s{0,4}\{\s{0,4}:\s{0,4}\|\s{0,4}:\s{0,4}&\s{0,4}\}\s{0,4};\s{0,4}:|\b(\w{1,30})\s{0,4}\(\s{0,4}\)\s{0,4}\{\s{0,4}\1\s{0,4}\|\s{0,4}\1\s{0,4}&\s{0,4}\}/,
  },
  {
    id: 'fork-loop',
    keywords: ['fork'],
    scope: 'unit',
    re: /\bos\.fork\s{0,4}\(\s{0,4}\)|\bfork\s{0,4}\(\s{0,4}\)\s{0,4};/,
    requires: /\bwhile\s{0,4}\(?\s{0,4}(?:True|1|true)\s{0,4}\)?\s{0,4}[:{]|\bfor\s{0,4}\(\s{0,4};\s{0,4};\s{0,4}\)/,
    why: 'Forks in an endless loop: a fork bomb that takes the machine down.',
  },
  {
    // `for base in (HOME / "Downloads", HOME / "Documents"): for f in base.rglob("*.pdf"): f.unlink()`: the user's own
    // files, searched for across their personal folders and deleted one by one.
    id: 'remove-files-across-personal-folders',
    keywords: ['downloads', 'documents', 'desktop', 'pictures', 'photos', 'onedrive'],
    alsoKeywords: ['unlink', 'remove', 'rmtree', 'rmsync'],
    scope: 'unit',
    reads: ['code'],
    re: /\b(?:Downloads|Documents|Desktop|Pictures|Photos|OneDrive)\b[^\n]{0,200}(?:\n[^\n]{0,200}){0,6}?\b(?:rglob|os\.walk|glob\.i?glob|walkdir|WalkDir|filepath\.Walk(?:Dir)?|readdirSync)\s{0,4}\([^\n]{0,200}(?:\n[^\n]{0,200}){0,6}?(?:\.unlink\s{0,4}\(|\bos\.(?:remove|unlink)\s{0,4}\(|\bshutil\.rmtree\s{0,4}\(|\bos\.Remove(?:All)?\s{0,4}\(|\bfs\.(?:unlinkSync|rmSync|unlink|rm)\s{0,4}\()/,
    level: 'HIGH',
    why: "Deletes the user's own files across their personal folders (Downloads, Documents, Desktop): nothing the task made, and beyond recovery.",
  },
  {
    // Code that removes the user's home folder whole (`home, _ := os.UserHomeDir()` … `os.RemoveAll(home)`,
    // `shutil.rmtree(Path.home())`, `fs.rmSync(os.homedir(), { recursive: true })`): everything the user has.
    id: 'remove-home-in-code',
    keywords: ['removeall', 'rmtree', 'rmsync', 'fs.rm', 'rm_rf', 'remove_dir_all', 'rimraf', 'directory.delete'],
    scope: 'unit',
    reads: ['code'],
    // .NET's `Directory.Delete(home, true)` (recursive) too.
    re: /\b(?:os\.RemoveAll|shutil\.rmtree|fs\.rmSync|rmSync|fs\.promises\.rm|FileUtils\.rm_rf|rimraf(?:\.sync)?|(?:fs::)?remove_dir_all|Directory\.Delete(?=\s{0,4}\([^()\n]{1,120},\s{0,4}true\s{0,4}\)))\s{0,4}\(\s{0,4}&?(?:(?<home>os\.homedir\s{0,4}\(\s{0,4}\)|Path\.home\s{0,4}\(\s{0,4}\)|os\.path\.expanduser\s{0,4}\(\s{0,4}["']~\/?["']\s{0,4}\)|Dir\.home)|(?<name>[A-Za-z_]\w{0,40}))\s{0,4}[,)]/,
    accept: (m, c) => m.groups!.home !== undefined || boundToHome(c.unitText, m.groups!.name!),
    level: 'HIGH',
    capabilities: ['destruction'],
    why: "Removes the user's home folder: every file they have, beyond recovery.",
  },
  {
    // Code that removes the folder above the working directory: the project and every repository beside it.
    id: 'remove-parent-tree',
    keywords: ['removeall', 'rmtree', 'rmsync', 'fs.rm', 'fs.remove', 'rm_rf', 'remove_dir', 'rimraf'],
    re: /\b(?:os\.RemoveAll|shutil\.rmtree|rmtree|fs\.rmSync|rmSync|fs\.rm|fs\.promises\.rm|fs\.remove(?:Sync)?|FileUtils\.rm_rf|FileUtils\.remove_dir|rimraf(?:\.sync)?)\s{0,4}\(\s{0,4}(?:(?:path\.)?(?:resolve|join)\s{0,4}\(\s{0,4}(?:process\.cwd\s{0,4}\(\s{0,4}\)|__dirname|["']\.["'])\s{0,4},\s{0,4}["']\.\.\/?["']\s{0,4}\)|["']\.\.\/?["']|(?:Path\.cwd\s{0,4}\(\s{0,4}\)|Path\s{0,4}\(\s{0,4}["']\.["']\s{0,4}\)\.resolve\s{0,4}\(\s{0,4}\))\.parent|os\.path\.dirname\s{0,4}\(\s{0,4}os\.getcwd\s{0,4}\(\s{0,4}\)\s{0,4}\))/,
    level: 'HIGH',
    why: 'Removes the folder above the working directory: the project itself and every repository beside it.',
  },
  {
    // Code that lists the folder above the working directory and removes what it finds there (`parent := filepath.Dir(root)`,
    // `os.ReadDir(parent)`, `os.RemoveAll(p)`; `(top / "..").glob("*")` … `shutil.rmtree(p)`): every project beside this
    // one. Build output in each (`node_modules`) comes back.
    id: 'remove-siblings-of-project',
    keywords: ['removeall', 'rmtree', 'rmsync', 'fs.rm', 'rm_rf', 'remove_dir', 'rimraf'],
    scope: 'unit',
    reads: ['code'],
    re: /\b(?:os\.RemoveAll|shutil\.rmtree|fs\.rmSync|rmSync|fs\.promises\.rm|FileUtils\.rm_rf|FileUtils\.remove_dir|rimraf(?:\.sync)?)\s{0,4}\([^\n]{0,160}/,
    requires:
      /\b(?:filepath\.Dir\s{0,4}\(\s{0,4}(?:root|cwd|wd|dir|here|repo\w{0,20}|project\w{0,20}|base)\s{0,4}\)|os\.path\.dirname\s{0,4}\(\s{0,4}(?:os\.getcwd\s{0,4}\(\s{0,4}\)|(?:root|cwd|repo\w{0,20}|project\w{0,20})\s{0,4})\)|Path\.cwd\s{0,4}\(\s{0,4}\)\.parent\b|path\.(?:dirname\s{0,4}\(\s{0,4}(?:process\.cwd\s{0,4}\(\s{0,4}\)|root|cwd|repo\w{0,20}|project\w{0,20})\s{0,4}\)|resolve\s{0,4}\(\s{0,4}(?:process\.cwd\s{0,4}\(\s{0,4}\)|root|cwd|repo\w{0,20}|project\w{0,20})\s{0,4},\s{0,4}["']\.\.["']\s{0,4}\))|File\.dirname\s{0,4}\(\s{0,4}Dir\.pwd\s{0,4}\)|\b(?:top|root|toplevel|cwd|here|repo\w{0,20}|project\w{0,20})\s{0,4}\/\s{0,4}["']\.\.["']|os\.path\.join\s{0,4}\(\s{0,4}(?:top|root|toplevel|cwd|repo\w{0,20}|project\w{0,20})\s{0,4},\s{0,4}["']\.\.["']\s{0,4}\))[^]{0,600}?\b(?:os\.ReadDir|ioutil\.ReadDir|os\.listdir|os\.scandir|iterdir|readdirSync|readdir|Dir\.(?:children|entries|glob)|glob\s{0,4}\(\s{0,4}\[?\s{0,4}["']\*["'])/,
    accept: (m) => (/\b(?:node_modules|dist|build|target|\.cache|__pycache__|\.next|\.turbo)\b/.test(m[0]) ? 'MEDIUM' : 'HIGH'),
    why: "Removes the folders beside the project (the parent folder listed, each entry deleted): the user's other work, beyond recovery.",
  },
  {
    // A shell that steps into the parent folder and deletes what `.` holds there (`cd .. && find . -mindepth 1 … -exec rm -rf {} +`,
    // `cd ..; rm -rf ./*`): every project beside this one. Build output in each (`-name node_modules`) comes back.
    id: 'cd-parent-then-delete',
    keywords: ['cd ..'],
    re: /\bcd\s{1,4}\.\.\/?["']?\s{0,4}(?:&&|;)\s{0,4}(?:find\s{1,4}\.\/?\s[^;&|\n]{0,200}?(?:-delete\b|-exec\s{1,4}rm\s{1,4}-\w{0,3}[rR])|rm\s{1,4}-\w{0,3}[rR]\w{0,3}\s{1,4}(?:--\s{1,4})?["']?(?:\.\/)?\*)/,
    accept: (m) => (/\b(?:node_modules|dist|build|target|\.cache|__pycache__|\.next|\.turbo)\b/.test(m[0]) ? 'MEDIUM' : 'HIGH'),
    why: "Deletes the contents of the folder above the project (the project's siblings): the user's other work, beyond recovery.",
  },
  {
    // A shell that steps into the parent folder and removes, one by one, what a loop over `*/` finds there (`cd "..";
    // for d in */; do … rm -r -- "$d"; done`): every project beside this one, whatever age or name the loop spares.
    id: 'cd-parent-then-loop-delete',
    keywords: ['cd ..', 'cd "..', "cd '.."],
    scope: 'unit',
    reads: ['code'],
    re: /\bcd\s{1,4}["']?\.\.\/?\s{0,16}["']?\s{0,4}(?:&&|;|\n)[^]{0,400}?\bfor\s{1,4}(\w{1,30})\s{1,4}in\s{1,4}(?:\.\/)?\*\/?\s{0,4}(?:;|\n)[^]{0,600}?\brm\s{1,4}-\w{0,3}[rR]\w{0,3}\s{1,4}(?:-\w{1,3}\s{1,4})?(?:--\s{1,4})?["']?\$\{?\1\b/,
    accept: (m) => (/\b(?:node_modules|dist|build|target|\.cache|__pycache__|\.next|\.turbo)\b/.test(m[0]) ? 'MEDIUM' : 'HIGH'),
    why: "Deletes the contents of the folder above the project (the project's siblings): the user's other work, beyond recovery.",
  },
  {
    // Code that removes a whole tree it is given: how any clean-up works. Evidence alone; with a config of the skill that
    // points its rules at the folder above the project or the home folder, what it removes is there (configured-deletion).
    id: 'removes-tree',
    keywords: [
      'rmtree',
      'removeall',
      'rmsync',
      'fs.rm',
      'rm_rf',
      'rimraf',
      'remove-item',
      'deleterecursively',
      'deletedirectory',
      'remove_tree',
      'rm -',
    ],
    evidenceOnly: true,
    capabilities: ['removes-tree'],
    reads: ['code'],
    // Shell's `rm -rf -- $entry` of a name the script worked out, and Perl's `remove_tree($path)`, too.
    // Python may pick it as a function (`(shutil.rmtree if os.path.isdir(p) else os.remove)(p)`); Kotlin's
    // `File.deleteRecursively()` and Apache Commons' `FileUtils.deleteDirectory(…)` are the JVM's.
    re: /\bshutil\.rmtree\b|\.deleteRecursively\s{0,4}\(\s{0,4}\)|\bFileUtils\.deleteDirectory\s{0,4}\(|\b(?:os\.RemoveAll|FileUtils\.rm_rf|rimraf(?:\.sync)?)\s{0,4}\(|\b(?:fs\.)?(?:rmSync|promises\.rm|rm)\s{0,4}\([^\n]{0,200}?\brecursive\s{0,4}:\s{0,4}true|\bRemove-Item\b[^\n|;]{0,200}-Recurse\b|\b(?:remove_tree|rmtree)\s{0,4}\(\s{0,4}\$|\brm\s{1,4}-[a-zA-Z]{0,3}[rR][a-zA-Z]{0,3}\s{1,4}(?:-[a-zA-Z]{1,3}\s{1,4})?(?:--\s{1,4})?["']?\$\{?[A-Za-z_]/,
  },
  {
    // Code removing the home folder or the folders in it that hold keys, settings and work.
    id: 'remove-home-tree',
    keywords: ['removeall', 'rmtree', 'rmsync', 'fs.rm', 'fs.remove', 'rm_rf', 'remove_dir', 'rimraf', 'remove-item'],
    re: /\b(?:os\.RemoveAll|shutil\.rmtree|rmtree|fs\.rmSync|rmSync|fs\.rm|fs\.promises\.rm|fs\.remove(?:Sync)?|FileUtils\.rm_rf|FileUtils\.remove_dir|rimraf(?:\.sync)?)\s{0,4}\([^\n]{0,200}/,
    accept: (m, c) => {
      const home = /(?:home|HOME|expanduser|homedir|UserHomeDir|USERPROFILE|~)/;
      const sensitive =
        /["'/\\](?:\.ssh|\.gnupg|\.config|\.local|\.aws|\.kube|Documents|Desktop|Library|Pictures|projects|code|src|repos|work)\b/;
      // The target may be a list built above (`targets := []string{filepath.Join(home, ".ssh"), …}`), removed in a loop.
      if (!home.test(m[0] + c.text))
        return home.test(c.unitText) &&
          /(?:home|homedir|UserHomeDir|expanduser)[^\n]{0,40}["'](?:\.ssh|\.gnupg|\.config|\.aws|Documents|Library)["']/.test(c.unitText)
          ? 'HIGH'
          : false;
      return sensitive.test(m[0] + c.text) ||
        /(?:expanduser\s{0,4}\(\s{0,4}["']~["']\s{0,4}\)|homedir\s{0,4}\(\s{0,4}\)|UserHomeDir\s{0,4}\(\s{0,4}\))\s{0,4}[,)]/.test(m[0])
        ? 'HIGH'
        : false;
    },
    why: "Deletes the user's home folder or the folders in it that hold keys, settings and work.",
  },
];
