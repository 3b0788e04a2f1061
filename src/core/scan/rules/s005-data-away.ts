import { CODE, PROSE } from './scan-rule.js';
import { negatedBefore, proseEvidence } from './shell-vocabulary.js';
import { ownersOf, secretVariableLevel, withUrlVariables } from './secret-context.js';
import { PRIVATE_DATA_CODE, PRIVATE_DATA_KEYWORDS, PROSE_SOURCE, PROSE_SOURCE_KEYWORDS, TAKE_KEYWORDS } from './data-sources.js';
import { PROSE_SINK, PROSE_SINK_KEYWORDS, SEND_KEYWORDS, USER_CONTENT } from './data-sinks.js';

import { escapeRegExp } from '../../escape-regexp.js';
import { oncePerText } from './once-per-text.js';
import { CODE_REVIEW_HOSTS, namesPushAddress } from './s005-vocabulary.js';
import type { Detector } from './scan-rule.js';

/** `git push [options] <target>`: the remote or address it pushes to is the first word after the options. */
// Git's own options may come first (`git -c credential.helper= push …`).
const GIT_PUSH = String.raw`\bgit\s{1,4}(?:-c\s{1,4}\S{1,80}\s{1,4}){0,3}push\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,6}["']?([^\s"'-][^\s"']{0,300})`;
const PUSH_TARGET = new RegExp(GIT_PUSH);
/** A target that is an address rather than the name of a remote. */
const ADDRESS = /^(?:https?:\/\/|git@|ssh:\/\/)/;

/** Where a `git push` goes, once an address held in a variable the unit sets is put in its place. */
function pushTarget(push: string, unitText: string): string | undefined {
  // A comment after the options (`git push --force --mirror  # …`) names nothing: the push goes to the default remote.
  return PUSH_TARGET.exec(withUrlVariables(push.replace(/\s#.*$/, ''), unitText))?.[1];
}

/** Whether a unit pushes to an address (literal, or in a variable the unit sets) rather than a named remote; read once per unit. */
const pushesToAddress = oncePerText((text) => {
  for (const m of text.matchAll(new RegExp(GIT_PUSH, 'g'))) if (ADDRESS.test(pushTarget(m[0], text) ?? '')) return true;
  return false;
});

/** A character of one command, which may go on over continued lines (`\` at a line's end). */
const CONTINUED = String.raw`(?:[^\n\\]|\\[^\n]|\\\n)`;

/**
 * `printf '{"key":"%s"}' "$key" | curl --data-binary @- https://…`: the variable written into a request that reads its
 * body from the pipe (curl's `@-` or `-T -`, netcat's whole input).
 */
function pipedIntoRequest(unitText: string, variable: string): RegExpExecArray | null {
  return new RegExp(
    String.raw`\$\{?${variable}\b(?:[^\n\\|]|\\[^\n]|\\\n){0,300}\|\s{0,4}(?:\\\n)?\s{0,40}(?:(?:curl|http|https)\b${CONTINUED}{0,300}?(?:@-|\s-T\s{1,4}-)(?=["'\s]|$)|(?:nc|ncat|netcat)\s)`,
    'i',
  ).exec(unitText);
}

/** A remote added: `git remote add`, `set-url`, or `git config remote.<name>.url …`, which adds one all the same. */
const addsRemote = (text: string) =>
  /\bgit\s{1,4}(?:remote\s{1,4}(?:add|set-url)|config\s{1,4}(?:--(?:local|global)\s{1,4})?remote\.[\w.-]{1,60}\.(?:url|pushurl))\s/.test(
    text,
  );

/** A document telling the agent to add a remote and push to it by name (not origin or upstream), in words or commands. */
const proseAddsRemoteAndPushes = oncePerText(
  (text) =>
    (addsRemote(text) || /\badd\b[^.\n]{0,40}?\bas\s{1,4}(?:an?\s{1,4}|the\s{1,4})?(?:git\s{1,4})?remote\b/i.test(text)) &&
    /\bpush\b[^.\n]{0,80}?\bto\s{1,4}[\x60"']?(?!origin\b|upstream\b)[\w-]{1,40}[\x60"']?(?:\s|[.,;:]|$)/i.test(text) &&
    !/\bpush\b[^.\n]{0,80}?\bto\s{1,4}(?:the\s{1,4})?(?:same|your|their|its|this|that|a|an)\b/i.test(text),
);

/** `git add` of everything in the folder: `-A`, `--all` or `.`. */
const WHOLE_TREE = /\s(?:--all|-[a-zA-Z]{0,4}A[a-zA-Z]{0,4})(?=\s|$)|\s["']?\.\/?["']?(?=\s|$|[;&|)\x60])/;
/** `git push` to a destination in a variable or template (`$MIRROR`, `${store}`), not a remote named in the text. */
const PUSH_TO_VARIABLE = /\bgit\s{1,4}push\b(?:\s{1,4}-[\w-]{1,20}){0,4}\s{1,4}["']?\$\{?\w{1,40}\}?/;

/** The user's repository and private data leaving: pushes to another remote, secrets through variables, private data taken in code or prose. */
/**
 * A folder held in a name the file sets beside the project (`DOCS = ROOT / os.environ.get("DOCS_DIR", "docs")`, `ROOT =
 * Path(__file__).resolve().parent.parent`, `Path(os.environ.get("DOCS_DIR", "docs"))`), never the home folder: `DOCS.rglob("*.md")` reads the project's documents.
 */
function projectFolderVariable(before: string, text: string): boolean {
  const name = /\b([A-Za-z_]\w{0,40})\s{0,4}\.$/.exec(before)?.[1];
  if (!name) return false;
  const value = new RegExp(String.raw`^[ \t]{0,8}${name}\s{0,4}=\s{0,4}([^\n]{1,200})`, 'm').exec(text)?.[1];
  return (
    value !== undefined &&
    !/\bhome\s{0,4}\(|expanduser|~|\bHOME\b|USERPROFILE|\/Users\/|\/home\//.test(value) &&
    /__file__|\b(?:ROOT|REPO|PROJECT)\w{0,20}\b|\bPath\s{0,4}\(\s{0,4}["'](?!\/)[\w.-]|\bcwd\s{0,4}\(|getcwd|["'][\w-]{1,40}["']\s{0,4}\){0,3}\s{0,4}$/.test(
      value,
    )
  );
}

export const DATA_AWAY_DETECTORS: readonly Detector[] = [
  {
    // The whole repository pushed to a remote the skill adds or names: every branch, tag and secret in the history leaves.
    id: 'push-repository-away',
    keywords: ['push', 'remote add'],
    capabilities: ['source', 'sink'],
    re: /\bgit\s{1,4}(?:-c\s{1,4}\S{1,80}\s{1,4}){0,3}push\b[^;&|\n]{0,160}?(?:--mirror\b|--all\b|--tags\b|["']?refs\/\*)[^;&|\n]{0,160}|\bgit\s{1,4}remote\s{1,4}(?:add|set-url)\s{1,4}["']?(\$?\{?[\w.-]{1,60}\}?)["']?\s{1,4}["']?(?:https?:\/\/|git@|ssh:\/\/|\$\{?(\w{1,40})\}?["']?(?=[\s;&|)]|$))\S{0,300}/,
    accept: (m, c) => {
      if (m[1]) {
        // An address held in a variable (`git remote add "$NAME" "$url"`) counts when the unit sets it to one.
        if (m[2] && !new RegExp(String.raw`(?:^|[\s;(])${m[2]}=["']?[^\n]{0,80}?(?:https?:\/\/|git@|ssh:\/\/|:\/\/)`, 'm').test(c.unitText))
          return false;
        // An added remote counts when the unit pushes everything (or the current branch with --force) to it.
        const name = escapeRegExp(m[1]);
        if (
          new RegExp(
            String.raw`\bgit\s{1,4}(?:-c\s{1,4}\S{1,80}\s{1,4}){0,3}push\b[^;&|\n]{0,80}\b${name}\b[^;&|\n]{0,80}(?:--all|--mirror|--tags|--force|-f\b|refs\/\*)|\bgit\s{1,4}(?:-c\s{1,4}\S{1,80}\s{1,4}){0,3}push\b[^;&|\n]{0,80}(?:--all|--mirror|--tags)[^;&|\n]{0,80}\b${name}\b`,
          ).test(c.unitText)
        )
          return true;
        // A stash of the untracked files (`.env` among them) pushed there: the files that were never committed leave too.
        const pushes = new RegExp(
          String.raw`\bgit\s{1,4}(?:-c\s{1,4}\S{1,80}\s{1,4}){0,3}push\b(?:\s{1,4}(?:-[\w-]{1,20}|"?\$\{?\w{1,40}\}?"?)){0,4}\s{1,4}["']?${name}(?![\w-])`,
        ).test(c.unitText);
        if (pushes && /\bgit\s{1,4}stash\b[^;&|\n]{0,60}(?:--include-untracked|-u\b|--all|-a\b)/.test(c.unitText)) return true;
        return pushes ? { level: 'MEDIUM', capabilities: ['sink'], evidenceOnly: true } : false;
      }
      // To origin or upstream (the project's own remotes), or to the default remote, is how work is published.
      // An address held in a variable the unit sets is that address.
      const target = pushTarget(m[0], c.unitText);
      return target !== undefined && !/^(?:origin|upstream|HEAD|refs\/|\$)/.test(target);
    },
    why: "Pushes every branch and tag of the repository to a remote the skill chose: the user's code and its history leave.",
  },
  {
    // `git add -A -f` stages what .gitignore keeps out (`.env`, keys, local config); pushed to an address, it all leaves.
    id: 'push-ignored-files-away',
    keywords: ['git add'],
    capabilities: ['source', 'sink'],
    re: /\bgit\s{1,4}add\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,4}?(?:-[a-zA-Z]{0,4}f[a-zA-Z]{0,4}|--force)\b[^;&|\n]{0,120}/,
    // To an address, or to a remote the unit adds (`git remote add "$(MIRROR)" "$(URL)"` … `git push --force "$(MIRROR)"`).
    accept: (m, c) =>
      pushesToAddress(c.unitText) ||
      (addsRemote(c.unitText) && /\bgit\s{1,4}push\s/.test(c.unitText)) ||
      // The whole tree, ignored files and all (`git add -A -f .`), pushed to a destination held in a variable
      // (`git push -q ${store} …`, the address in a config): not the project's own remote by name.
      (WHOLE_TREE.test(m[0]) && PUSH_TO_VARIABLE.test(c.unitText)) ||
      // An agent's procedure says it in words ("add it as a git remote named `relay`", "push that commit to `relay`").
      (c.fileText !== undefined && proseAddsRemoteAndPushes(c.fileText)),
    why: 'Force-adds the files .gitignore keeps out (secrets among them) and pushes them to an address the text gives: they leave the machine.',
  },
  {
    // The current branch pushed to an address rather than a named remote: ordinary in a deploy, but with a standing
    // trigger ("after every task, push to https://…") the user's work leaves again and again (judge/compounds.ts).
    id: 'push-to-address',
    keywords: ['push'],
    capabilities: ['sink'],
    evidenceOnly: true,
    level: 'MEDIUM',
    re: PUSH_TARGET,
    accept: (m, c) => ADDRESS.test(pushTarget(m[0], c.unitText) ?? ''),
  },
  {
    // The whole working folder copied to a remote (`rclone copy . "qa:$(hostname)"`, `rsync -az ./ snap@host:/srv/`,
    // `aws s3 sync . s3://…`): a backup step alone, and with a standing trigger the user's work (its `.env` too) sent away
    // after every run (judge/compounds.ts). A remote is `name:` (rclone), `host:` or `user@host:` (rsync, scp), or a bucket
    // (a justfile's `"{{mirror}}"` read with its value keeps the blanks its name took).
    id: 'tree-copied-to-remote',
    keywords: ['rclone', 'rsync', 'scp', 's3 sync', 's3 cp', 'gsutil', 'azcopy'],
    capabilities: ['sink'],
    evidenceOnly: true,
    level: 'MEDIUM',
    re: /\b(?:rclone\s{1,4}(?:copy|sync|move|copyto)|rsync|scp|aws\s{1,4}s3\s{1,4}(?:sync|cp)|gsutil(?:\s{1,4}-m)?\s{1,4}(?:rsync|cp)|azcopy\s{1,4}(?:copy|sync))\b(?:\s{1,4}-{1,2}[\w-]{1,30}(?:[= ](?!["']?\.\/?["']?\s)[^\s;&|-][^\s;&|]{0,100})?){0,8}\s{1,4}["']?\.\/?["']?\s{1,4}["']?\s{0,12}(?:[\w.-]{1,64}@)?(?:[\w.-]{1,100}:|s3:\/\/|gs:\/\/|https:\/\/)/,
  },
  {
    // A secret put into a shell variable and that variable sent over the network.
    id: 'secret-through-variable',
    keywords: ['token', 'secret', 'api key', 'apikey', 'password', 'private key', 'credential'],
    reads: ['code'],
    re: /(?:^|[\s;&(])(\w{1,40})=["']?\$\((?:[^)\n]{0,200}?)\$\{?(\w{0,40}(?:TOKEN|SECRET|API_?KEY|PASSWORD|PRIVATE_KEY|CREDENTIALS?)\w{0,20})|(?:^|[\s;&(])(\w{1,40})=["']\S{0,200}\$\{?(\w{0,40}(?:TOKEN|SECRET|API_?KEY|PASSWORD|PRIVATE_KEY|CREDENTIALS?)\w{0,20})/i,
    accept: (m, c) => {
      const variable = (m[1] ?? m[3])!;
      const secret = (m[2] ?? m[4])!;
      const use =
        new RegExp(
          // The request may go on over continued lines (`\` at a line's end).
          String.raw`\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|nc|ncat|http|https)\b${CONTINUED}{0,300}\$\{?${variable}\b`,
          'i',
        ).exec(c.unitText) ?? pipedIntoRequest(c.unitText, variable);
      if (!use) return false;
      // Sent to an address the script decodes at run time (`_h=$(printf … | base64 -d)`, then `https://${_h}/…`): hidden where it goes.
      const host = /\bhttps?:\/\/\$\{?(\w{1,40})/.exec(use[0])?.[1];
      if (
        host &&
        new RegExp(
          String.raw`(?:^|[\s;&(])${host}=["']?\$\([^)\n]{0,200}?(?:base64\s{1,4}(?:-d|-D|--decode)|xxd\s{1,4}-r|openssl\s{1,4}(?:base64|enc)\b[^)\n]{0,40}-d)`,
          'm',
        ).test(c.unitText)
      )
        return { level: 'HIGH', capabilities: ['source', 'sink', 'concealment'], owners: ownersOf(secret) };
      // Where it goes may be written after the variable (`curl -d "k=$key" https://…`), or held in a variable (`"$BASE/v1"`).
      const rest = new RegExp(String.raw`^${CONTINUED}{0,400}`).exec(c.unitText.slice(use.index + use[0].length))![0];
      const level = secretVariableLevel(use[0] + withUrlVariables(rest, c.unitText), use[0].length, secret, c.secretNames);
      return level === false
        ? false
        : { level, capabilities: level === 'HIGH' ? ['source', 'sink'] : ['credential-flow', 'sink'], owners: ownersOf(secret) };
    },
    why: 'Puts a credential into a variable and sends that variable over the network.',
  },
  {
    // Go walking the working folder (`root, _ := os.Getwd()` … `filepath.Walk(root, …)`, `filepath.WalkDir(".", …)`):
    // every file of the checkout, `.env` and `.git/config` with them, as Python's `os.walk(".")` is.
    id: 'walks-working-tree-in-code',
    keywords: ['filepath.walk'],
    evidenceOnly: true,
    capabilities: ['source'],
    reads: CODE,
    scope: 'unit',
    re: /\bfilepath\.Walk(?:Dir)?\s{0,4}\(\s{0,4}(?:"\.\/?"|(?<root>[A-Za-z_]\w{0,30})\s{0,4},)/,
    accept: (m, c) => {
      const root = m.groups?.root;
      return !root || new RegExp(String.raw`\b${root}\s{0,4}(?:,\s{0,4}\w{1,20}\s{0,4})?:?=\s{0,4}os\.Getwd\s{0,4}\(`).test(c.unitText);
    },
  },
  {
    // The clipboard, the screen, shell history, browser profiles, location, the user's files in bulk.
    id: 'private-data-in-code',
    keywords: PRIVATE_DATA_KEYWORDS,
    evidenceOnly: true,
    capabilities: ['source'],
    reads: CODE,
    re: PRIVATE_DATA_CODE,
    // A file written to (`: > ~/.bash_history`, a link to /dev/null, truncated, removed) is emptied, not read. A diff goes to code hosts and model APIs for review.
    accept: (m, c) => {
      if (
        /(?:>|\bln\s{1,4}-\w{1,4}\s{1,4}\/dev\/null|\btruncate\s{1,4}-s\s{0,4}0|\b(?:shred|rm)(?:\s{1,4}-\w{1,4}){0,3})\s{0,4}["']?\S{0,80}$/.test(
          c.text.slice(Math.max(0, m.index - 80), m.index),
        )
      )
        return false;
      // The names of the changed files (`git diff-tree --name-only …`, `--stat`) say what changed, not what it says.
      if (/diff/i.test(m[0]) && /^[^\n;|)]{0,200}?--(?:name-only|name-status|stat|shortstat|numstat)\b/.test(c.text.slice(m.index)))
        return false;
      // A folder of the project itself searched (`Path("docs").rglob("*.md")`): its documents go to code hosts and model
      // APIs as the diff does (an embeddings index, a review), not the user's files across the machine.
      const before = c.text.slice(Math.max(0, m.index - 160), m.index);
      const projectFolder =
        /\bPath\s{0,4}\(\s{0,4}["'](?!~|\/|\.\.)[\w-][\w./-]{0,120}["']\s{0,4}\)\s{0,4}\.$/.test(before) ||
        projectFolderVariable(before, c.fileText ?? c.unitText);
      return /diff|format-patch|log\s/i.test(m[0]) || projectFolder ? { capabilities: ['source'], owners: CODE_REVIEW_HOSTS } : true;
    },
  },
  {
    // "Collect the .env files", "take a screenshot", "copy the conversation": data taken, to go somewhere else.
    id: 'prose-takes-private-data',
    keywords: PROSE_SOURCE_KEYWORDS,
    alsoKeywords: [...TAKE_KEYWORDS, 'build', 'assemble', 'compose', 'prepare'],
    leads: 'alsoKeywords',
    evidenceOnly: true,
    capabilities: ['source'],
    reads: PROSE,
    re: PROSE_SOURCE,
    // `.zip (password: …)` names an archive: a verb right after a dot is a file extension.
    // `export HISTSIZE=0` sets a variable; it exports nothing.
    accept: (m, c) => c.text[m.index - 1] !== '.' && !/^export\s{1,4}\w{1,60}=/i.test(m[0]) && proseEvidence(m, c),
  },
  {
    // "Push every local branch and every tag to https://…" ("send every branch and tag to it", the remote at a host the text
    // names): the whole repository and its history, to an address the text gives.
    id: 'prose-pushes-repository-away',
    keywords: ['push', 'send', 'mirror', 'upload', 'replicate'],
    reads: PROSE,
    capabilities: ['source', 'sink'],
    re: /\b(?:push|send|mirror|upload|replicate)\b[^.!?\n]{0,40}?\b(?:every|all)\s{1,4}(?:of\s{1,4}the\s{1,4})?(?:(?:local|remote|the)\s{1,4})?(?:branches|branch|tags|refs)\b/i,
    // To the project's own remote (`to origin`) it is a release; the address must be where the push goes.
    accept: (m, c) =>
      !negatedBefore(c.text, m.index) &&
      !/^[^.!?\n]{0,80}?\bto\s{1,4}(?:the\s{1,4})?(?:origin|upstream)\b/i.test(c.text.slice(m.index)) &&
      namesPushAddress(c.unitText),
    why: "Pushes every branch and tag of the repository to an address the skill gives: the user's code and its history leave.",
  },
  {
    id: 'prose-sends-data-away',
    keywords: PROSE_SINK_KEYWORDS,
    alsoKeywords: SEND_KEYWORDS,
    leads: 'alsoKeywords',
    evidenceOnly: true,
    capabilities: ['sink'],
    reads: PROSE,
    re: PROSE_SINK,
    // The user's own content sent to an address the text writes out (not "our bucket", not a variable) is that content leaving.
    accept: (m, c) => {
      if (!proseEvidence(m, c)) return false;
      const data = (m.groups?.data ?? '').trim();
      return USER_CONTENT.test(data) && /https?:\/\/(?!localhost|127\.)[\w.-]{1,253}\.[a-z]{2,}/i.test(c.unitText)
        ? { capabilities: ['source', 'sink'], evidenceOnly: true }
        : true;
    },
  },
];
