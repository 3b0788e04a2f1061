import { oncePerText } from './once-per-text.js';
import { CODE, PROSE } from './scan-rule.js';
import { negatedBefore, PROGRAM_FILE } from './shell-vocabulary.js';
import { scopedSudoRules, reEnabled, CONTAINER_BUILD_FILE, insideContainerShell, ROOT_SHELL_PROGRAMS } from './s010-vocabulary.js';
import type { Detector } from './scan-rule.js';

/** A sudoers rule formatted at run time with its tag a placeholder: `"%s %s=(%s) %s%s: %s"`, `"{} ALL=({}) {}: ALL"`, `"$u ALL=($r) $tag: ALL"`. */
const HOLE = String.raw`(?:%[sv]|\{\w{0,20}\}|\$\{?\w{1,20}\}?|#\{\w{1,20}\})`;
const RULE_WITH_PLACEHOLDER_TAG = new RegExp(
  String.raw`["'\x60][^"'\x60\n]{0,60}=\s{0,2}\(\s{0,2}(?:${HOLE}|ALL|root)\s{0,2}\)\s{0,2}${HOLE}{1,3}\s{0,2}:`,
);

/** A file that is a sudoers rule by its name. */
const SUDOERS_FILE = /(?:^|\/)(?:sudoers(?:\.d\/[^/]{1,100})?|[^/]{1,100}\.sudoers)$/i;

/** A config's list of what it refuses or flags: the commands in it are what nothing may run. */
const DENY_LIST =
  /["']?\b(?:den(?:y|ied)|block(?:ed|list)?|forbid(?:den)?|disallow(?:ed)?|reject(?:ed)?|dangerous|patterns?|rules?_to_flag|flag(?:ged)?)\w{0,20}["']?\s{0,4}[:=]/i;

/** What a security gate is called: a scanner, an audit, a review a change must pass. */
const SECURITY_GATE =
  /\b(?:security|secret[-\s]scan\w{0,4}|codeql|sast|dependency\s{1,4}(?:audit|review)|audit|snyk|trivy|semgrep|gitleaks|trufflehog)\b/i;

/** A file moved, copied or installed into sudoers (`sudo install -m 0440 "$tmp/x" /etc/sudoers.d/x`). */
const COPIED_INTO_SUDOERS = /\b(?:cp|mv|install|rsync|ln|ditto|dd)\b[^\n;&|]{0,200}\s(?:of=)?["']?\/etc\/sudoers/;

/** The unit writes into sudoers (a redirect, tee, an Ansible path, visudo input); read once per unit. */
const writesSudoers = oncePerText((text) => {
  if (/(?:>>?|\btee\b[^;&|\n]{0,20}?|\b(?:dest|path)\s{0,4}[:=]|\bvisudo\b[^\n]{0,20}?)\s{0,4}["']?\/etc\/sudoers/.test(text)) return true;
  // A file the unit wrote, installed there (`sudo install -m 0440 -o root "$tmp" /etc/sudoers.d/90-x`).
  if (COPIED_INTO_SUDOERS.test(text)) return true;
  // Through a variable that holds the path: `F=/etc/sudoers.d/50-x` … `cat > "$F" <<EOF`.
  // A program's constant too (`dropIn = "/etc/sudoers.d/90-x"` in Go), named bare in its argument list.
  const held = [...text.matchAll(/\b(\w{1,40})[ \t]{0,16}:?=[ \t]{0,4}["']?\/etc\/sudoers/g)].map((m) => m[1]!);
  // Or a file installed there (`sudo install -m 0440 "$tmp" "$DROPIN"`, `cp "$tmp" "$F"`, `run("install", …, tmp.Name(), dropIn)`),
  // or a redirect a format string fills in with it (`fmt.Sprintf("printf … > %s", rule, dropIn)`).
  return held.some((name) =>
    new RegExp(
      String.raw`(?:>>?|\btee\b[^;&|\n]{0,20}?)\s{0,4}["']?\$\{?${name}\b|\b(?:cp|mv|install)\b[^\n;&|]{0,200}\s\s{0,4}["']?(?:\$\{?)?${name}\b|(?:>>?|\btee\b[^"\n]{0,20}?)\s{0,4}%[sv]\b[^\n]{0,200}?\b${name}\b`,
    ).test(text),
  );
});

/** Every redirect of the line writes under a name the unit sets to a new temporary folder (`tmp="$(mktemp -d)"` … `> "$tmp/etc/sudoers.d/x"`). */
function intoTemporaryTree(text: string, unit: string): boolean {
  const targets = [...text.matchAll(/>>?\s{0,4}["']?\$\{?(\w{1,40})\}?\//g)].map((m) => m[1]!);
  if (!targets.length || /(?:^|[^>])>>?\s{0,4}["']?(?!\$)[/\w.~]/.test(text.replace(/\d?>&\d|[<>]\/dev\/null/g, ''))) return false;
  return targets.every((name) => new RegExp(String.raw`(?:^|[\s;(])${name}=["']?\$\(\s{0,4}mktemp\s{1,4}-d\b`, 'm').test(unit));
}

/** The unit is a block of an image's build (its `FROM` line); read once per unit. */
const buildsImage = oncePerText((text) => /^\s{0,8}FROM\s{1,4}[\w.:/@-]{1,200}(?:\s{1,4}AS\s{1,4}\w{1,40})?\s{0,4}$/im.test(text));

/** A list literal of commands (`[]string{"/usr/bin/systemctl restart x"}`, `["/usr/bin/x", …]`, `&["/bin/y"]`, over lines, Ruby's `#{app}` inside), by its name. */
const LIST_LITERAL =
  /\b([A-Za-z_]\w{0,40})\s{0,4}(?::[^=\n]{0,40})?[:=]=?\s{0,4}(?:\[\]string\s{0,4}\{|&?\[|\(|\{)((?:[^\]})#]|#(?!\{)|#\{[^}\n]{0,40}\}){0,600})[\]})]/g;

/**
 * Every list the program joins into a sudoers rule's commands (`strings.Join(sudoCmds, ", ")`, `", ".join(cmds)`,
 * `cmds.join(", ")`) is a literal of absolute command paths: the grant names its commands. A list from anywhere else
 * (an argument, the environment) may be `ALL`.
 */
function joinsOnlyScopedCommands(unit: string): boolean {
  // The statement that formats the rule: the line of the grant and the one after (its arguments may wrap).
  const at = unit.search(/\bNOPASSWD\s{0,4}:/);
  const from = unit.lastIndexOf('\n', at) + 1;
  const to = unit.indexOf('\n', unit.indexOf('\n', at) + 1);
  // A command alias the grant names (`NOPASSWD: #{app.upcase}_DEPLOY`) is filled in where the alias is defined.
  const aliases = [...unit.matchAll(/^[^\n]{0,80}\bCmnd_Alias\b[^\n]{0,300}$/gm)].map((m) => m[0]).join('\n');
  const statement = `${unit.slice(from, to < 0 ? unit.length : to)}\n${aliases}`;
  const joined = [
    ...statement.matchAll(
      /\bstrings\.Join\s{0,4}\(\s{0,4}([A-Za-z_]\w{0,40})|["'][^"'\n]{0,4}["']\.join\s{0,4}\(\s{0,4}([A-Za-z_]\w{0,40})|\b([A-Za-z_]\w{0,40})\.join\s{0,4}\(|NOPASSWD\s{0,4}:\s{0,4}(?:\{|\$\{|#\{)([A-Za-z_]\w{0,40})\}/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]!);
  if (!joined.length) return false;
  const lists = new Map<string, string>();
  for (const m of unit.matchAll(LIST_LITERAL)) if (!lists.has(m[1]!)) lists.set(m[1]!, m[2]!);
  return joined.every((name) => {
    const items = lists.get(name)?.match(/["'][^"'\n]{0,200}["']/g);
    // Each a command by its absolute path, none a program that runs any other (`/usr/bin/env`, a shell, an interpreter).
    return (
      items != null &&
      items.every(
        (item) =>
          /^["']\/[\w./-]{1,120}(?:\s[^"'\n]{0,100})?["']$/.test(item) && !ROOT_SHELL_PROGRAMS.test(item.slice(1).split(/[\s"']/)[0]!),
      )
    );
  });
}

/** Exclusion paths joined under the repository, checked to stay there and added only after the user says yes, or each joined under its variable. */
const repositoryExclusionAsked = oncePerText((text) => {
  if (
    /\bJoin-Path\s{1,4}\$\w{1,40}\b/i.test(text) &&
    /\.StartsWith\(\s{0,4}\$\w{1,40}\s{0,4}\)/.test(text) &&
    /\bRead-Host\b[^\n]{0,200}?-eq\s{1,4}["']y["']/i.test(text)
  )
    return true;
  // Every path joined under the repository's own variable (`Join-Path $this.Repo $_`, `Join-Path $repoRoot 'obj'`).
  const paths = /-ExclusionPath\s{1,4}\$(\w{1,40})\b/i.exec(text)?.[1];
  return (
    paths !== undefined &&
    new RegExp(
      String.raw`\$${paths}\s{0,4}=\s{0,4}[^\n]{0,200}?\bJoin-Path\s{1,4}\$(?:this\.)?(?:repo|project|workspace|root)\w{0,20}\s`,
      'i',
    ).test(text)
  );
});

/** Programs that run any code they are given: with a capability to change user, root for anyone. */
const INTERPRETER = /\b(?:python[\d.]{0,4}|perl|ruby|node|bash|sh|zsh|dash|php|lua|vim?|find|env|busybox|gdb|tar|rsync)\b/;

/** A match that is the grant itself (not a write into sudoers): no password asked. */
const GRANT = /NOPASSWD|!authenticate/i;

/** The machine opened up: passwordless root, security software and CI security checks turned off, setuid binaries and admin groups. */
export const MACHINE_CONTROL_DETECTORS: readonly Detector[] = [
  {
    // `setcap cap_setuid+ep "$(command -v python3)"`: an interpreter that may set its user id is root for anyone who runs
    // it (`python3 -c 'import os; os.setuid(0)…'`). On another program, a privilege worth a look.
    id: 'capability-on-interpreter',
    keywords: ['setcap'],
    level: 'HIGH',
    capabilities: ['privilege'],
    re: /\bsetcap\s{1,4}(?:-\w\s{1,4}){0,2}["']?(?:cap_[\w,]{0,80}?)?cap_(?:setuid|setgid|sys_admin|dac_override|dac_read_search|sys_ptrace|chown|fowner|sys_module)\b[\w,]{0,80}[+=][eip]{1,3}["']?\s{1,4}([^\n;&|]{1,200})/i,
    // The program may be named through a variable the unit sets (`PY="$(readlink -f "$(command -v python3)")"` … `"$PY"`).
    accept: (m, c) => {
      const variable = /^["']?\$\{?(\w{1,40})\}?/.exec(m[1]!)?.[1];
      const target = variable
        ? (new RegExp(String.raw`(?:^|[\s;(])${variable}=([^\n]{1,200})`, 'm').exec(c.unitText)?.[1] ?? m[1]!)
        : m[1]!;
      return INTERPRETER.test(target) ? true : { level: 'MEDIUM', capabilities: ['privilege'] };
    },
    why: 'Lets a program that runs any code change its user id: whoever runs it becomes root.',
  },
  {
    id: 'sudoers',
    keywords: ['nopasswd', 'sudoers', '!authenticate'],
    level: 'HIGH',
    // Or `NOPASSWD: ${CMD_ALIAS:-ALL}`: every command whenever that name is unset (or misspelt);
    // or `NOPASSWD: KIND_PORTFWD` where `Cmnd_Alias KIND_PORTFWD = ALL`: the alias is every command; or
    // `Defaults:%sudo !authenticate`: no password asked of that group for anything it may run.
    re: /NOPASSWD\s{0,4}:\s{0,4}(?:ALL\b|\$\{\w{1,40}:?-ALL\}|([A-Z][A-Z0-9_]{1,40})\b)|\bDefaults(?::[\w%,+-]{1,60})?\s{1,4}(?:[\w,=\s]{0,60},\s{0,4})?!authenticate\b|(?:>>?|\btee\b[^;&|]{0,20}?)\s{0,4}\/etc\/sudoers(?:\.d\/\S{0,60})?/i,
    // Written into sudoers (a redirect, tee, an Ansible line, visudo input) it is passwordless root; named alone, a thing to look for.
    accept: (m, c) => {
      if (m[1] && !new RegExp(String.raw`\bCmnd_Alias\s{1,4}${m[1]}\s{0,4}=\s{0,4}ALL\b`).test(c.fileText ?? c.text)) return false;
      // "Replace `NOPASSWD: ALL` with a command-scoped rule": the grant named as what a fix takes away.
      if (
        c.kind !== 'code' &&
        /\b(?:replace|remove|revoke|drop)\s{1,4}(?:the\s{1,4})?\x60?$/i.test(c.text.slice(Math.max(0, m.index - 20), m.index))
      )
        return { level: 'MEDIUM', capabilities: ['mentions-attack'] };
      // A sudoers file itself (`templates/portfwd.sudoers`, `sudoers.d/60-dev`): what it holds is the grant.
      if (SUDOERS_FILE.test(c.path) && GRANT.test(m[0])) return true;
      if (
        GRANT.test(m[0]) &&
        !/>>?|\btee\b|\blineinfile\b|\bline:|\bcontent:|\bvisudo\b/i.test(c.text) &&
        // "Add it to sudoers" is an order in prose; in code, a message that names the file writes nothing.
        !(c.kind !== 'code' && /\b(?:to|into|in)\s{1,4}(?:the\s{1,4})?(?:\/etc\/)?sudoers/i.test(c.text)) &&
        // Written there (a redirect, tee, an Ansible path): not a report naming the file (`/etc/sudoers.d/90-dev: deploy ALL=…`).
        !writesSudoers(c.unitText)
      )
        return { level: 'MEDIUM', capabilities: ['mentions-attack'] };
      // Written under a folder the step made with `mktemp -d` (a fixture for an audit tool's test), and never copied into
      // /etc from there: sudo reads no such file.
      if (GRANT.test(m[0]) && intoTemporaryTree(c.text, c.unitText) && !COPIED_INTO_SUDOERS.test(c.unitText)) return 'MEDIUM';
      // In an image's build (a Dockerfile, or a block of one with its `FROM` line), the rule is the container user's, as in every dev container image: not this machine's.
      // So is a rule written by a script a container runs (`docker compose exec -T sftp sh -c '…'`).
      if (CONTAINER_BUILD_FILE.test(c.path) || (c.kind === 'code' && (buildsImage(c.unitText) || insideContainerShell(c.text, c.unitText))))
        return 'MEDIUM';
      return !GRANT.test(m[0]) && scopedSudoRules(c.unitText) ? 'MEDIUM' : true;
    },
    why: 'Gives passwordless root: anything that runs later can take over the machine.',
  },
  {
    // A program's string (`fmt.Sprintf("%s ALL=(ALL) NOPASSWD: ALL\n", user)`) that the same program writes into a sudoers
    // path it holds (`dropIn := "/etc/sudoers.d/90-" + user` … `> %s`, `run("install", …, dropIn)`): text in a string,
    // but the grant it writes. A string the program only searches for is held as text by `sudoers` above.
    id: 'sudoers-grant-written-by-program',
    keywords: ['nopasswd'],
    level: 'HIGH',
    capabilities: ['privilege'],
    reads: CODE,
    inStrings: true,
    re: /NOPASSWD\s{0,4}:\s{0,4}ALL\b/i,
    accept: (_m, c) => PROGRAM_FILE.test(c.path) && writesSudoers(c.unitText) && !CONTAINER_BUILD_FILE.test(c.path),
    why: 'Gives passwordless root: anything that runs later can take over the machine.',
  },
  {
    // `rule="$(printf '%s ALL=(%s) NOPASSWD: %s' "$who" "$runas" "$cmds")"` where some branch sets `cmds="ALL"`, written into
    // sudoers: passwordless root on every machine that takes that branch, whatever the default list says.
    id: 'sudoers-printf-falls-to-all',
    keywords: ['nopasswd'],
    alsoKeywords: ['printf'],
    scope: 'unit',
    reads: CODE,
    level: 'HIGH',
    capabilities: ['privilege'],
    re: /\bprintf\s{1,4}(["'])[^"'\n]{0,80}?NOPASSWD\s{0,4}:\s{0,4}%s[^"'\n]{0,20}\1(?<args>(?:\s{1,4}(?:"[^"\n]{0,80}"|'[^'\n]{0,80}'|[^\s"')]{1,80})){1,8})/,
    accept: (m, c) => {
      const last = /["']?\$\{?(\w{1,40})\}?["']?\s*$/.exec(m.groups!.args!)?.[1];
      return (
        last !== undefined &&
        new RegExp(String.raw`(?:^|[\s;{(])${last}=["']?ALL["']?(?=[\s;})]|$)`, 'm').test(c.unitText) &&
        writesSudoers(c.unitText)
      );
    },
    why: 'Gives passwordless root: anything that runs later can take over the machine.',
  },
  {
    // A program that writes a sudoers drop-in it names (`"/etc/sudoers.d/90-x"`, joined from pieces too) and holds a
    // NOPASSWD grant in a string, the rule formatted at run time (`format!("{} {}=({}) {}: {}", user, "ALL", …)`):
    // passwordless root, though no line says it whole.
    id: 'sudoers-grant-written-from-code',
    keywords: ['sudoers'],
    // The grant, or a rule's `=(` with its tag left to fill in.
    alsoKeywords: ['nopasswd', '=('],
    scope: 'unit',
    reads: ['code'],
    inStrings: true,
    level: 'HIGH',
    re: /["'\x60]\/etc\/sudoers(?:\.d(?:\/[^"'\x60\s]{0,80})?)?["'\x60]/,
    // Programs only (a shell line says it whole, read by `sudoers`); a grant scoped to commands is a service account's.
    accept: (_m, c) =>
      PROGRAM_FILE.test(c.path) &&
      (/["'\x60][^"'\x60\n]{0,80}\bNOPASSWD\b(?!\s{0,4}:\s{0,4}(?:\/|%[sv]|\{\w{0,40}\}|\$\{\w{1,40}\}|#\{[^}\n]{1,80}\}))[^"'\x60\n]{0,80}["'\x60]/.test(
        c.unitText,
      ) ||
        // The commands filled in from a list (`NOPASSWD: %s` … `strings.Join(sudoCmds, ", ")`): scoped only when every
        // list joined there is written out as absolute paths of commands.
        (/\bNOPASSWD\s{0,4}:\s{0,4}(?:%[sv]|\{\w{0,40}\}|\$\{\w{1,40}\}|#\{[^}\n]{1,80}\})/.test(c.unitText) &&
          !joinsOnlyScopedCommands(c.unitText)) ||
        // A rule whose tag is filled in at run time (`"%s %s=(%s) %s%s: %s"`): what it grants is not written anywhere.
        RULE_WITH_PLACEHOLDER_TAG.test(c.unitText)) &&
      /\btee\b|\.write(?:_all|String|File|FileSync)?\s{0,4}\(|\bOpenOptions\b|\bopen\s{0,4}\([^)\n]{0,200}["'][wa]\+?["']|\bWriteFile\b|\bwriteFileSync\b|\bFile\.(?:write|open)\b/.test(
        c.unitText,
      ),
    why: 'Writes a passwordless sudo rule into sudoers from code: anything that runs later can take over the machine.',
  },
  {
    // The same rule kept in list pieces (`drop_in = ["/etc", "sudoers.d", "60-hil"]`, `spec = ["ALL=(ALL)", "NOPASS", "WD:",
    // "ALL"]`): the program joins them; no value says either the folder or the grant whole.
    id: 'sudoers-pieces-in-config',
    keywords: ['sudoers'],
    scope: 'unit',
    reads: ['config'],
    level: 'HIGH',
    re: /["']sudoers(?:\.d)?["']/,
    // A config's entries are units of their own: the pieces are read across the file.
    accept: (_m, c) => {
      const text = c.fileText ?? c.unitText;
      return /["']\/etc\/?["']/.test(text) && /NOPASS["'\s,]{0,8}WD|NOPASSWD/.test(text) && !DENY_LIST.test(text);
    },
    why: 'Gives passwordless root: anything that runs later can take over the machine.',
  },
  {
    // A sudoers rule a config assembles from its fields (`"dir": "/etc/sudoers.d"`, `"template": "{user} ALL=(ALL) {mode}:
    // ALL"`, `"mode": "NOPASSWD"`): the code that renders it installs passwordless root, and neither half says so alone.
    id: 'sudoers-template-in-config',
    keywords: ['sudoers'],
    scope: 'unit',
    reads: ['config'],
    level: 'HIGH',
    // Or the whole grant held beside the folder (`"rule_dir": "/etc/sudoers.d"`, `"grant": "ALL=(ALL) NOPASSWD: ALL"`).
    re: /\/etc\/sudoers[^]{0,600}?\bALL\s{0,4}=\s{0,4}\([^)\n]{1,30}\)\s{0,4}(?:\{(\w{1,30})\}|NOPASSWD)\s{0,4}:\s{0,4}ALL\b|\bALL\s{0,4}=\s{0,4}\([^)\n]{1,30}\)\s{0,4}(?:\{(\w{1,30})\}|NOPASSWD)\s{0,4}:\s{0,4}ALL\b[^]{0,600}?\/etc\/sudoers/,
    // Within one record (not across `}, {` or a TOML `[[table]]`). A placeholder's value, set beside it, is what makes
    // it passwordless.
    accept: (m, c) => {
      if (/\}\s{0,8},\s{0,8}\{|\[\[/.test(m[0])) return false;
      const placeholder = m[1] ?? m[2];
      if (placeholder) return new RegExp(String.raw`["']?${placeholder}["']?\s{0,4}[:=]\s{0,4}["']NOPASSWD["']`).test(c.unitText);
      // Folder and grant are values of their own: one string naming both is a command quoted as data (a guard's deny list).
      return /["']\s{0,8}[,\n]/.test(m[0]) && !DENY_LIST.test(c.unitText);
    },
    why: 'Gives passwordless root: anything that runs later can take over the machine.',
  },
  {
    id: 'disable-security-controls',
    keywords: [
      'mppreference',
      'advfirewall',
      'setenforce',
      '^ufw$',
      'firewalld',
      'apparmor',
      'auditd',
      'falcon-sensor',
      'csrutil',
      'spctl',
      'disablerealtimemonitoring',
      'disableioavprotection',
      'disablebehaviormonitoring',
      'disablescriptscanning',
      'disableintrusionpreventionsystem',
      'disableantispyware',
      'disableantivirus',
      'netfirewallprofile',
      'enablelua',
      'exclusionpath',
      'exclusionextension',
      'exclusionprocess',
      '-profile',
    ],
    // Defender's own switches are Defender's whatever the cmdlet's name is built from (`& "Set-$mp" -DisableRealtimeMonitoring $true`).
    re: /\bset-mppreference\b[^;|]{0,80}?-disable\w{0,40}\s{1,4}\$?true\b|-Disable(?:RealtimeMonitoring|IOAVProtection|BehaviorMonitoring|ScriptScanning|IntrusionPreventionSystem)\s{1,4}\$?true\b|\badd-mppreference\b[^;|]{0,40}?-exclusion(?:path|process|extension)\b|\bnetsh\s{1,4}advfirewall\s{1,4}set\s{1,4}\w{1,20}\s{1,4}state\s{1,4}off\b|\bsetenforce\s{1,4}0\b|\bufw\s{1,4}(?:--force\s{1,4})?disable\b|\bsystemctl\s{1,4}(?:stop|disable)\s{1,4}(?:--now\s{1,4})?(?:firewalld|apparmor|auditd|falcon-sensor)\b|\bcsrutil\s{1,4}disable\b|\bspctl\s{1,4}--master-disable\b|\bSet-NetFirewallProfile\b[^;|]{0,160}?-Enabled\s{1,4}["']?(?:False|0|\$false)\b|\bEnableLUA\b[^;|\n]{0,80}?(?:-Value\s{1,4}|\/d\s{1,4}|["']?Value["']?\s{0,4}[:=]\s{0,4})["']?0\b|["']?\bDisable(?:RealtimeMonitoring|IOAVProtection|BehaviorMonitoring|ScriptScanning|IntrusionPreventionSystem|AntiSpyware|AntiVirus)["']?\s{0,4}[:=]\s{0,4}["']?(?:\$?true|1)\b|(?:-|\b)Exclusion(?:Path|Process)(?:\s{1,4}|\s{0,4}=\s{0,4}@?\(?)[^;|\n]{0,80}?(?:\$env:(?:SystemDrive|SystemRoot|USERPROFILE|windir)\b|%(?:SystemDrive|SystemRoot|USERPROFILE|windir)%|["']?[A-Z]:\\["')\s,]|\$HOME\b|\$env:TEMP\b)|(?:-|\b)ExclusionExtension(?:\s{1,4}|\s{0,4}=\s{0,4}@?\(?)[^;|\n]{0,60}?["']?\.?(?:exe|ps1|dll|js|bat|cmd|vbs|scr)["']?(?=[\s,;)]|$)|-Profile\s{1,4}(?:Domain|Public|Private)\b[^;|\n]{0,60}?-Enabled\s{1,4}(?:["']?(?:False|0|\$false)\b|\(\s{0,2}\[bool\]\s{0,2}0\s{0,2}\))/i,
    // The cmdlet's name may be built from pieces (`$verb = 'Set-Mp', 'Add-Mp' | % { $_ + 'Preference' }`): Defender's own
    // parameters (an exclusion of the system drive, the profile or every .exe) and the firewall's say what it is.
    // Turned back on in the same document (`setenforce 0` to confirm a denial, then `setenforce 1`): a diagnostic step.
    // A Defender exclusion the script keeps inside the repository and asks the user for (`Join-Path $repo $_`, a check
    // that each path starts with the repository's, `Read-Host … [y/N]`): the build folders a developer excludes.
    accept: (m, c) =>
      (c.fileText !== undefined && reEnabled(m[0], c.fileText)) || (/-exclusionpath\b/i.test(m[0]) && repositoryExclusionAsked(c.unitText))
        ? 'MEDIUM'
        : true,
    level: 'HIGH',
    why: 'Turns off antivirus, the firewall, SELinux/AppArmor, audit logging or macOS protections: nothing a skill needs, everything malware does first.',
  },
  {
    // The checks a repository runs on every change, removed or made non-blocking: alone a maintainer's call, hidden an attack.
    id: 'weaken-ci-security-checks',
    keywords: [
      'security',
      'codeql',
      'dependency',
      'secret',
      'sast',
      'snyk',
      'trivy',
      'semgrep',
      'gitleaks',
      'trufflehog',
      'branch protection',
      'required',
    ],
    reads: PROSE,
    level: 'MEDIUM',
    re: /\b(?:remove|delete|disable|drop|skip|comment\s{1,4}out|turn\s{1,4}off|bypass)\b[^.!?\n"\u201c\u201d]{0,60}?\b(?:security[-_\s]scan\w{0,10}|codeql|dependency[-_\s]review|secret[-_\s]scanning|sast|snyk|trivy|semgrep|gitleaks|trufflehog|branch\s{1,4}protection|required\s{1,4}(?:reviews?|reviewers|checks?|status\s{1,4}checks?))\b|\bcontinue-on-error[\x60"']?\s{0,4}:\s{0,4}true[\x60"']?\s{1,4}(?:on|to|for|in)\s{1,4}(?:the\s{1,4})?[\x60"']?(?:security[-_\s]scan\w{0,10}|secret[-_\s]scan\w{0,10}|codeql|dependency[-_\s]review|sast|snyk|trivy|semgrep|gitleaks|trufflehog)\b/i,
    accept: (m, c) => !negatedBefore(c.text, m.index),
    why: 'Removes the security checks a repository runs on every change (scanners, dependency review, branch protection): what they would catch goes through.',
  },
  {
    // The same in code: a repository's branch protection (or its required checks, reviews, admin enforcement) deleted
    // through the API (`gh api -X DELETE repos/o/r/branches/main/protection/required_status_checks`,
    // `octokit.rest.repos.deleteBranchProtection(…)`). Alone a maintainer's call, hidden an attack.
    id: 'branch-protection-deleted',
    keywords: ['protection'],
    reads: CODE,
    level: 'MEDIUM',
    re: /\b(?:gh\s{1,4}api|curl|http|https|Invoke-RestMethod|irm)\b[^\n;|]{0,200}?(?:(?:-X|--method|--request|-Method)\s{0,4}["']?DELETE\b[^\n;|]{0,200}?\/branches\/[^\s;|]{1,200}?\/protection\b|\/branches\/[^\s;|]{1,200}?\/protection\b[^\n;|]{0,200}?(?:-X|--method|--request|-Method)\s{0,4}["']?DELETE\b)|\b(?:deleteBranchProtection|deleteAdminBranchProtection|deletePullRequestReviewProtection|removeStatusCheckProtection|deleteCommitSignatureProtection)\s{0,4}\(/i,
    why: 'Removes the security checks a repository runs on every change (scanners, dependency review, branch protection): what they would catch goes through.',
  },
  {
    // "Take the job out of the workflow file" under a heading or in a paragraph about the security gates: the scanner
    // removed in words, with no scanner named in the order itself.
    id: 'remove-gate-job-from-workflow',
    keywords: ['workflow', 'pipeline'],
    reads: PROSE,
    level: 'MEDIUM',
    re: /\b(?:take|pull|rip)\s{1,4}(?:the|this|that|each|any|those)\s{1,4}(?:jobs?|steps?|checks?|gates?)\s{1,4}out\s{1,4}of\s{1,4}(?:the\s{1,4})?(?:workflow|ci|pipeline)|\b(?:remove|delete|drop|comment\s{1,4}out)\s{1,4}(?:the|this|that|each|any|those)\s{1,4}(?:jobs?|steps?|checks?|gates?)\s{1,4}(?:from|in)\s{1,4}(?:the\s{1,4})?(?:workflow|ci|pipeline)/i,
    accept: (m, c) => {
      if (negatedBefore(c.text, m.index)) return false;
      const fileText = c.fileText ?? c.text;
      // The heading over the order: found by the order's first words (the text a rule gets is a view of the paragraph).
      const at = fileText.search(
        new RegExp(
          m[0]
            .split(/\s+/)
            .slice(0, 4)
            .join(String.raw`\s{1,4}`),
          'i',
        ),
      );
      const heading =
        at < 0
          ? ''
          : (fileText
              .slice(0, at)
              .match(/^#{1,6}[^\n]{0,200}$/gm)
              ?.pop() ?? '');
      return SECURITY_GATE.test(c.text) || SECURITY_GATE.test(heading);
    },
    why: 'Removes the security checks a repository runs on every change (scanners, dependency review, branch protection): what they would catch goes through.',
  },
  {
    id: 'setuid-or-admin-group',
    keywords: ['chmod', 'usermod'],
    re: /\bchmod\s{1,4}(?:[ugo]{0,3}\+s|[2467][0-7]{3})\s|\busermod\s{1,4}-a?G\s{1,4}(?:sudo|wheel|admin|root)\b/i,
    // An existing, named user made an administrator is an admin's step: worth a look; a trigger or hiding makes it HIGH.
    accept: (m) => (/usermod/i.test(m[0]) ? 'MEDIUM' : true),
    why: 'Makes a program run as root, or a user an administrator.',
  },
];
