import { loopsOverOtherFolders } from './other-folders.js';
import { oncePerText } from './once-per-text.js';
import type { Detector } from './scan-rule.js';

/** A history rewrite that removes a secret file or replaces leaked text, and nothing else. */
const SECRET_FILE = String.raw`["']?(?:\S{0,80}/)?(?:[\w-]{0,40}\.env(?:\.\w{1,20})?|id_(?:rsa|ed25519|ecdsa)|[\w.-]{1,60}\.(?:pem|key|p12|pfx)|credentials(?:\.json)?|secrets?(?:\.\w{1,10})?|\.npmrc|\.netrc)["']?`;
const PURGES_SECRET = new RegExp(
  String.raw`\bgit\s{1,4}filter-repo\s{1,4}(?:--path(?:-glob)?\s{1,4}${SECRET_FILE}\s{1,4}){1,6}--invert-paths\b|\bgit\s{1,4}filter-repo\s{1,4}--invert-paths(?:\s{1,4}--path(?:-glob)?\s{1,4}${SECRET_FILE}){1,6}(?=\s|$)|\bgit\s{1,4}filter-repo\s{1,4}(?:--(?:force|quiet|refs\s{1,4}\S{1,60})\s{1,4}){0,3}--replace-text\b|\bbfg\b[^\n]{0,40}\s(?:--delete-files\s{1,4}${SECRET_FILE}|--replace-text\b)`,
  'i',
);

/** Where PowerShell finds the user's other folders: the home folder (`$env:USERPROFILE`, `$HOME`, `~\`) or the one above (`..\`). */
const PS_OTHER_FOLDER = String.raw`(?:\$env:(?:USERPROFILE|HOMEPATH|HOME)\b|\$HOME\b|~[\\/]|\.\.(?:[\\/'"\s]|$))`;
const PS_WALK =
  /\b(?:Get-ChildItem|gci|dir|ls)\b(?<path>[^\n|]{0,200}?)-Directory\b[^\n]{0,60}\|\s{0,4}(?:ForEach-Object|%)\s{0,4}\{|\bforeach\s{0,4}\(\s{0,4}\$\w{1,40}\s{1,4}in\s{1,4}\(?\s{0,4}(?:Get-ChildItem|gci)\b(?<path2>[^\n)]{0,200})/gi;

/** PowerShell walking the folders of the user's home or the folder above, itself or through a variable the unit sets to one. */
const walksOtherFoldersInPowerShell = oncePerText((text) => {
  if (!/-Directory\b|\bforeach\s{0,4}\(/i.test(text)) return false;
  for (const m of text.matchAll(PS_WALK)) {
    const path = m.groups!.path ?? m.groups!.path2 ?? '';
    if (new RegExp(PS_OTHER_FOLDER, 'i').test(path)) return true;
    const name = /\$(\w{1,40})\b/.exec(path)?.[1];
    if (name && new RegExp(String.raw`\$${name}\s{0,4}=[^\n]{0,200}${PS_OTHER_FOLDER}`, 'i').test(text)) return true;
  }
  return false;
});

/** Folders a build or an install makes again: what a clean-up list holds when it is one. */
const REGENERABLE =
  /(?<![\w.-])(?:node_modules|obj|TestResults|dist|build|out|\.next|\.nuxt|\.turbo|\.parcel-cache|coverage|\.cache|target|__pycache__|\.pytest_cache|\.venv|venv|\.gradle|\.tox|\.mypy_cache)(?![\w.-])/g;
/** Every `@(…)` list of a PowerShell unit, joined. */
function powershellLists(text: string): string {
  return [...text.matchAll(/@\(([^()\n]{0,600})\)/g)].map((m) => m[1]).join(' ');
}

/** What deletes a folder with what it holds, in a shell or a program. */
const DELETES_TREE =
  /\b(?:remove_tree|rmtree|rm_rf|rimraf|RemoveAll|rm\s{1,4}-[a-zA-Z]{0,4}[rR]|Remove-Item\b[^\n]{0,80}-Recurse|fs\.(?:rmSync|rm|promises\.rm)\s{0,4}\([^)\n]{0,200}recursive|FileUtils\.rm_r|Directory\.Delete\s{0,4}\([^)\n]{0,200}true)/;

/** Shared history rewritten or erased: force pushes over the default branch, resets that discard work, history wiped in other repositories. */
export const GIT_HISTORY_DETECTORS: readonly Detector[] = [
  {
    // `qw(node_modules dist .next .git coverage)` swept by a clean-up: build output comes back, a repository's history
    // (every unpushed commit, branch and stash) does not. A template reset (`rm -rf .git && git init`) starts one afresh.
    id: 'history-among-build-output',
    keywords: ['.git'],
    scope: 'unit',
    re: /\bqw\s{0,2}[([{/][^)\]}/]{0,300}?(?<![\w.-])\.git(?![\w.-])[^)\]}/]{0,300}|\[\s{0,4}["'][\w.-]{1,40}["'](?:\s{0,4},\s{0,4}["'][\w.-]{1,40}["']){1,30}\s{0,4},?\s{0,4}\]|\bfor\s{1,4}\w{1,30}\s{1,4}in\s{1,4}[^;\n]{0,300}?(?<![\w./-])["']?\.git["']?(?![\w./-])[^;\n]{0,300}|@\(\s{0,4}["'][\w.-]{1,40}["'](?:\s{0,4},\s{0,4}["'][\w.-]{1,40}["']){1,30}\s{0,4}\)/,
    // PowerShell keeps its lists apart and adds them (`$Targets = $BuildDirs + $CacheDirs`): its build output is counted
    // over every `@(…)` list of the unit.
    accept: (m, c) =>
      /(?<![\w./-])["']?\.git["']?(?![\w./-])/.test(m[0]) &&
      ((m[0].startsWith('@(') ? powershellLists(c.text) : m[0]).match(REGENERABLE)?.length ?? 0) >= 2 &&
      DELETES_TREE.test(c.text) &&
      !/\bgit\s{1,4}init\b/.test(c.text),
    why: "Deletes a repository's .git folder along with build output it calls regenerable: its history, unpushed commits and stashes are gone for good.",
  },
  {
    // `git push --force origin "HEAD:$DEFAULT"`: a variable that holds the default branch is the default branch;
    // so is `${BASE:-main}`, which is main unless something sets BASE.
    id: 'force-push-default-variable',
    keywords: ['push'],
    re: /\bgit\s{1,4}push\b[^;&|#\n]{0,100}?\s(?:-[qvu]{0,3}f[qvu]{0,3}|--force(?:-with-lease)?)\b[^;&|#\n]{0,100}?[\s:"'+](?:HEAD:)?(?:refs\/heads\/)?(?:\$\{?(\w{1,40})(?::?-([\w/-]{1,60}))?\}?|<([\w-]{1,40})>)["']?(?=[\s;&|)\x60]|$)/i,
    accept: (m, c) => {
      // A placeholder (`HEAD:<base>`) in a procedure whose base is main unless the user names another ("`$ARGUMENTS` or `main`").
      const placeholder = m[3];
      if (placeholder)
        return (
          /default|main|master|trunk|prod/i.test(placeholder) ||
          (/base|target/i.test(placeholder) &&
            /\bdefaults?\b[^.\n]{0,40}\b(?:main|master)\b|\bor\s{1,4}[\x60'"]?(?:main|master)\b/i.test(c.fileText ?? c.unitText))
        );
      return (
        /default|main|master|trunk|prod/i.test(m[1]!) ||
        /^(?:main|master|trunk|production)$/i.test(m[2] ?? '') ||
        new RegExp(
          String.raw`\b${m[1]}=[^\n]{0,120}?(?:\bmain\b|\bmaster\b|default_?branch|defaultBranchRef|origin\/HEAD|init\.defaultBranch)`,
          'i',
          // Set in an earlier step of the same procedure (`base=$(git symbolic-ref refs/remotes/origin/HEAD …)` in step 2).
        ).test(c.fileText ?? c.unitText)
      );
    },
  },
  {
    // `git branch -r --no-merged origin/main | … | xargs git push origin --delete`, `git tag -l | xargs git push origin --delete`:
    // every unmerged branch (other people's work) or every release tag removed from the shared remote.
    id: 'delete-remote-refs-in-bulk',
    keywords: ['push'],
    re: /\bgit\s{1,4}(?:branch\s{1,4}(?:-r|--remotes?)\s{1,4}--no-merged\b|tag(?:\s{1,4}(?:-l|--list))?\s{0,4}\||for-each-ref\b[^|\n]{0,200}?\brefs\/remotes\/[^|\n]{0,100}\|)[^\n;&]{0,300}?\bxargs\b[^\n;&|]{0,60}?\bgit\s{1,4}push\s{1,4}[\w.-]{1,60}\s{1,4}(?:--delete|-d)\b|\bgit\s{1,4}push\s{1,4}[\w.-]{1,60}\s{1,4}(?:--delete|-d)\s{1,4}\$\(\s{0,4}git\s{1,4}(?:tag\b|branch\s{1,4}(?:-r|--remotes?)\s{1,4}--no-merged\b)|\bfor\s{1,4}\w{1,40}\s{1,4}in\s{1,4}\$\(\s{0,4}git\s{1,4}(?:for-each-ref\b[^)\n]{0,200}?refs\/remotes\b|branch\s{1,4}(?:-r|--remotes?)\b|tag\b|ls-remote\b)[^)\n]{0,200}\)[\s\S]{0,300}?\bgit\s{1,4}push\s{1,4}[\w.-]{1,60}\s{1,4}(?:--delete|-d)\b/i,
    // A loop over the remote's branches that keeps only the merged ones (`branch -r --merged`) tidies what is already in main.
    accept: (m) => !/\$\(\s{0,4}git\s{1,4}branch\s[^)\n]{0,60}--merged\b/.test(m[0]),
    why: "Deletes every unmerged branch or every tag from the shared remote: other people's work and the release history, beyond the task.",
  },
  {
    // `for b in $(git for-each-ref … refs/remotes/origin); do git push --force origin baseline:"$b"; done`: one commit
    // forced over every branch of the shared remote, everyone's history replaced.
    id: 'force-push-every-branch',
    keywords: ['push'],
    scope: 'unit',
    re: /\bfor\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}\$\(\s{0,4}git\s{1,4}(?:for-each-ref\b(?:[^()\n]|\([^()\n]{0,20}\)){0,100}?refs\/remotes\b|branch\s{1,4}(?:-r|--remotes?|-a|--all)\b|ls-remote\b)(?:[^()\n]|\([^()\n]{0,20}\)){0,100}\)[\s\S]{0,300}?\bgit\s{1,4}push\b[^;&|#\n]{0,100}?\s(?:-[qvu]{0,3}f[qvu]{0,3}|--force)(?![\w-])[^;&|#\n]{0,100}?:["']?\$\{?\1\b/i,
    why: "Forces one commit over every branch of the shared remote: everyone's history there is replaced, beyond the task.",
  },
  {
    // `gh release list … | grep -v "$NEW" | xargs gh release delete --cleanup-tag`: every release but one, and its tag.
    // A pipeline that selects what it deletes (`select(.isDraft)`, a `grep` that keeps matches) is housekeeping.
    id: 'delete-every-release',
    keywords: ['release'],
    re: /\bgh\s{1,4}release\s{1,4}list\b[^\n;&]{0,400}?\bxargs\b[^\n;&|]{0,60}?\bgh\s{1,4}release\s{1,4}delete\b/i,
    accept: (m) => !/\bselect\s{0,4}\(|\bgrep\s{1,4}(?!-\w{0,4}v)|--exclude/i.test(m[0]),
    why: 'Deletes every release (and with --cleanup-tag its tag) but the one just made: the published history, beyond the task.',
  },
  {
    id: 'force-push-main',
    keywords: ['push'],
    // Written as an argument list (`git("push", "--force", "origin", "HEAD:main")`) it is the same push.
    re: /\bgit\s{1,4}push\b[^;&|#]{0,100}?(?:\s(?:-[qvu]{0,3}f[qvu]{0,3}|--force(?:-with-lease)?(?:=\S{1,100})?)\b[^;&|#]{0,100}?[\s:+/](?:main|master)\b|\s(?:-[qvu]{0,3}f[qvu]{0,3}|--force)(?![\w-])[^;&|#]{0,100}?\s--all\b|\s--all\b[^;&|#]{0,100}?\s(?:-[qvu]{0,3}f[qvu]{0,3}|--force)(?![\w-])|\s\+(?:HEAD:)?(?:refs\/heads\/)?(?:main|master)\b|[\s:/](?:main|master)\b[^;&|#]{0,60}?\s(?:-[qvu]{0,3}f[qvu]{0,3}|--force(?:-with-lease)?)\b)|["']push["']\s{0,4},(?:\s{0,4}["'][^"'\n]{0,60}["']\s{0,4},){0,4}\s{0,4}["'](?:-[qvu]{0,3}f[qvu]{0,3}|--force(?:-with-lease)?)["'](?:\s{0,4},\s{0,4}["'][^"'\n]{0,60}["']){0,4}?\s{0,4},\s{0,4}["']\+?(?:HEAD:)?(?:refs\/heads\/)?(?:main|master)["']/i,
    // The last step of purging a leaked secret from history (`git filter-repo --path .env --invert-paths`, BFG's
    // `--delete-files id_rsa`): the rewrite removes the secret, not the work; still a rewrite of main.
    // The purge may be the script's or the skill's other step (`scrub.sh` runs `git filter-repo --replace-text`; "ask the user
    // before pushing; only after a yes run `git push origin --force --all`").
    accept: (_m, c) => (PURGES_SECRET.test(c.unitText) || PURGES_SECRET.test(c.fileText ?? '') ? 'MEDIUM' : true),
  },
  {
    id: 'reset-and-clean',
    keywords: ['reset'],
    scope: 'unit',
    re: /\bgit\s{1,4}reset\s{1,4}(?:\S{1,40}\s{1,4}){0,2}--hard\b/i,
    requires:
      /\bgit\s{1,4}clean\s{1,4}(?:-[a-zA-Z]{0,5}f[a-zA-Z]{0,5}d[a-zA-Z]{0,5}x|-[a-zA-Z]{0,5}x[a-zA-Z]{0,5}d[a-zA-Z]{0,5}f|-[a-zA-Z]{0,5}[fdx][a-zA-Z]{0,5}\s{1,4}-[a-zA-Z]{0,5}[fdx])/i,
    why: 'Discards every uncommitted change and deletes every untracked and ignored file (including local .env files and work in progress).',
  },
  {
    // `for d in "$HOME"/code/*/; do git -C "$d" clean -fdx`: work thrown away in every other repository the user has.
    id: 'discard-work-in-other-repositories',
    keywords: ['clean', 'checkout', 'reset', 'stash'],
    scope: 'unit',
    re: /\bgit\s{1,4}-C\s{1,4}["']?\$\{?(\w{1,40})\}?[^;&|\n]{0,20}?\s(?:clean\s{1,4}-[a-zA-Z]{0,5}f|checkout\s[^;&|\n]{0,20}--\s{1,4}\.|reset\s{1,4}(?:-q\s{1,4}|--quiet\s{1,4})?--hard|stash\s{1,4}clear)|\bcd\s{1,4}["']?\$\{?(\w{1,40})\}?["']?\s{0,4}(?:&&|;)\s{0,4}git\s{1,4}(?:clean\s{1,4}-[a-zA-Z]{0,5}f|checkout\s[^;&|\n]{0,20}--\s{1,4}\.|reset\s{1,4}--hard|stash\s{1,4}clear)/i,
    accept: (m, c) => loopsOverOtherFolders(c.unitText, m[1] ?? m[2]!),
    why: "Discards uncommitted work, untracked files or stashes in the user's other repositories: nothing the task asked for, and beyond recovery.",
  },
  {
    // `Get-ChildItem (Join-Path $env:USERPROFILE 'source\repos') -Directory | ForEach-Object { Remove-Item -Recurse -Force
    // (Join-Path $_.FullName '.git') }`, `for d in ~/code/*/; do rm -rf "$d/.git"`: the history of every repository there, gone.
    id: 'delete-history-of-other-repositories',
    keywords: ['.git'],
    scope: 'unit',
    re: /\b(?:Remove-Item|rm\s{1,4}-[a-zA-Z]{0,4}[rR][a-zA-Z]{0,4}|rmdir\s{1,4}\/s|rd\s{1,4}\/s)\b[^\n;|]{0,200}?(?:["']?\$\{?(?<name>\w{1,40})\}?["']?|\$_\.FullName\b[^\n;|]{0,20}?|\*)?[\s'"\\/]\.git(?=["'\s)\\/]|$)/i,
    accept: (m, c) =>
      m[0].includes('*')
        ? /(?:~|\$\{?HOME\}?|\.\.)\/[^\s]{0,80}\*/.test(m[0])
        : m.groups?.name
          ? loopsOverOtherFolders(c.unitText, m.groups.name)
          : walksOtherFoldersInPowerShell(c.unitText),
    why: "Deletes the .git folder, the whole history, of the user's other repositories: nothing the task asked for, and beyond recovery.",
  },
  {
    // Rewriting or deleting what a remote holds: force with prune, a forced mirror.
    id: 'remote-history-destruction',
    keywords: ['push'],
    // Or pruned against a wildcard refspec or `--all` (`git push origin --prune 'refs/heads/*:refs/heads/*'`): every remote
    // branch with no local copy, other people's work, deleted.
    re: /\bgit\s{1,4}push\b[^;&|\n]{0,120}?(?:--prune\b[^;&|\n]{0,120}?(?:refs\/heads\/\*|\s--all\b)|(?:refs\/heads\/\*|\s--all\b)[^;&|\n]{0,120}?--prune\b|(?:--force\b|\s-f\b)[^;&|\n]{0,120}?--prune\b|--prune\b[^;&|\n]{0,120}?(?:--force\b|\s-f\b)|--mirror\b[^;&|\n]{0,120}?(?:--force\b|\s-f\b)|(?:--force\b|\s-f\b)[^;&|\n]{0,120}?--mirror\b)/,
    // Over every repository or remote the user has (a loop) it is destruction beyond the task; on the repository at hand, a rewrite the task may be.
    accept: (m, c) =>
      /\bfor\s{1,4}\w{1,40}\s{1,4}in\b[^\n]{0,120}(?:~|\$HOME|\$\(git\s{1,4}remote\)|\/\*\/\.git)|\bfind\s{1,4}(?:~|\$HOME|\.\.)[^\n]{0,120}\.git\b|\bgit\s{1,4}remote\b[^\n]{0,40}\|\s{0,4}(?:while|xargs)/.test(
        c.unitText,
      )
        ? 'HIGH'
        : // Pruned against every branch without force (`--prune 'refs/heads/*:refs/heads/*'`): no purge of one's own history needs it.
          !/--force|\s-f\b|--mirror/.test(m[0])
          ? 'HIGH'
          : 'MEDIUM',
    why: 'Force-pushes with --prune or --mirror: every remote branch not in the local copy is deleted and history is replaced, for everyone.',
  },
];
