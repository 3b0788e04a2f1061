import { type FrontmatterCheckInput, type FrontmatterHit } from './scan-rule.js';
import { oncePerText } from './once-per-text.js';
import { pushAll } from '../../push-all.js';

/** What S010 reads for: the agent's own permission settings, sudo rules a task may need, and the checks its detectors share. */
/** Commands that, once allowed, allow anything: interpreters, downloaders, privilege wrappers. */
export const OPEN_ENDED = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'pwsh',
  'powershell',
  'cmd',
  'curl',
  'wget',
  'python',
  'python3',
  'python2',
  'node',
  'deno',
  'bun',
  'perl',
  'ruby',
  'php',
  'lua',
  'eval',
  'exec',
  'sudo',
  'su',
  'doas',
  'env',
  'xargs',
  'npx',
  'bunx',
  'pnpx',
  'uvx',
  'source',
  'ssh',
  'nc',
  'ncat',
  'socat',
  'osascript',
]);
export const SHELL_TOOLS = new Set(['bash', 'shell', 'terminal', 'run_shell_command', 'run_terminal_cmd', 'execute_command', 'powershell']);

/** Tool entries of an `allowed-tools` value (a string or a list). */
export function toolEntries(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  const entries: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') continue;
    pushAll(entries, item.match(/[A-Za-z_][\w-]{0,60}(?:\([^)]{0,200}\))?/g) ?? []);
  }
  return entries;
}

/** `Bash`, `Bash(*)`, `Bash(curl:*)`: a shell grant that does not restrict what runs. */
export function isUnrestrictedShell(entry: string): boolean {
  const m = /^([A-Za-z_][\w-]*)(?:\((.*)\))?$/.exec(entry.trim());
  if (!m || !SHELL_TOOLS.has(m[1]!.toLowerCase())) return false;
  const inner = (m[2] ?? '').trim();
  if (inner === '' || /^[*:\s]+$/.test(inner)) return true;
  const command = inner
    .split(/[\s:*]/)[0]!
    .toLowerCase()
    .replace(/^.*\//, '');
  return OPEN_ENDED.has(command);
}

export function checkAllowedTools(input: FrontmatterCheckInput): FrontmatterHit[] {
  const data = input.frontmatter.data;
  if (!data) return [];
  const hits: FrontmatterHit[] = [];
  for (const key of ['allowed-tools', 'allowed_tools', 'allowedTools', 'tools']) {
    if (!(key in data)) continue;
    const keyLine = input.frontmatter.keyLines.get(key) ?? input.frontmatter.startLine ?? 1;
    for (const entry of toolEntries(data[key])) {
      if (!isUnrestrictedShell(entry)) continue;
      let line = keyLine;
      for (let l = keyLine; l <= (input.frontmatter.endLine ?? keyLine); l++) {
        if (input.lineText(l).includes(entry)) {
          line = l;
          break;
        }
      }
      hits.push({
        line,
        level: 'LOW',
        matched: `${key}: ${entry}`,
        why: 'The skill is allowed to run any shell command without asking: one injected instruction is enough to run anything.',
      });
    }
  }
  return hits;
}

/** Programs that hand out a root shell when sudo runs them: granting one is granting everything. */
export const ROOT_SHELL_PROGRAMS =
  /(?:^|\/)(?:ba|z|da|k|c|tc|fi)?sh$|(?:^|\/)(?:su|env|python\d?(?:\.\d+)?|perl|ruby|node|vim?|nano|less|more|find|tee|cp|mv|chmod|chown|dd|tar|zip|awk|sed|git|docker|systemctl\s+edit)$/;

/**
 * Sudo rules written in a step that each allow named commands by absolute path (`deploy ALL=(root) NOPASSWD:
 * /usr/bin/systemctl restart app`): scoped rights the step grants, not root. Any `ALL`, wildcard or program
 * that opens a root shell makes them root.
 */
export const scopedSudoRules = oncePerText((text: string): boolean => {
  const rules = [
    ...text.matchAll(
      /^\s{0,8}(?:(?:RUN\s{1,4}|&&\s{0,4}|[^\n'"]{1,120}["'])?(?:echo|printf)\s{1,4}(?:-\w{1,3}\s{1,4})?(["']))?[%$\w.{}-]{1,40}\s{1,8}(?:ALL\s{0,4}=\s{0,4}(?:\([^)\n]{0,60}\)\s{0,4})?|[\w.-]{1,40}\s{0,4}=\s{0,4}\([^)\n]{0,60}\)\s{0,4})(?:(?:NO)?PASSWD\s{0,4}:\s{0,4})?([^\n]{1,400})$/gm,
    ),
  ];
  if (!rules.length) return false;
  // A rule echoed into place (`echo 'deploy ALL=(root) /usr/bin/systemctl restart app' | sudo tee …`, also inside the
  // quoted command an ssh runs: `ssh host "echo '…' | sudo tee …"`) ends at its quote.
  return rules.every((r) =>
    commandsOf(r[1] ? r[2]!.split(r[1])[0]! : r[2]!, r[1] ? r[2]!.slice(r[2]!.indexOf(r[1]) + 1) : '', text)
      .split(',')
      .every((command) => {
        const c = command.trim();
        // A wildcard among the arguments (`systemctl restart app.*`) still names one program; in the program's path it is any.
        const program = c.split(/\s+/)[0]!;
        return /^\//.test(c) && !/\*/.test(program) && !/\bALL\b/.test(c) && !ROOT_SHELL_PROGRAMS.test(program);
      }),
  );
});

/**
 * A rule's commands as written, or, when printf fills them in (`printf '%s ALL=(root) NOPASSWD: %s\n' "$USER" "$cmds"`), the
 * value of the variable given last: its literal or its default (`cmds="${DOCKER_CMDS:-/usr/bin/systemctl restart docker}"`).
 */
function commandsOf(listed: string, args: string, text: string): string {
  if (!/^%s(?:\\n)?$/.test(listed.trim())) return listed;
  const name = /["']?\$\{?(\w{1,40})\}?["']?\s*(?:\||>|\\?$)/.exec(args.trim())?.[1];
  const value = name && new RegExp(String.raw`^\s{0,8}${name}=(["']?)([^\n]{1,400})\1\s*$`, 'm').exec(text)?.[2];
  if (!value) return listed;
  return /^\$\{\w{1,40}:-([^}]{1,400})\}$/.exec(value)?.[1] ?? value;
}

/** The command that turns a control back on, for the one that turned it off. */
export function reEnabled(disabled: string, text: string): boolean {
  const d = disabled.toLowerCase();
  if (/setenforce/.test(d)) return /\bsetenforce\s{1,4}1\b/i.test(text);
  if (/\bufw\b/.test(d)) return /\bufw\s{1,4}(?:--force\s{1,4})?enable\b/i.test(text);
  const unit = /\bsystemctl\s{1,4}(?:stop|disable)\s{1,4}([\w-]{1,40})/.exec(d)?.[1];
  if (unit) return new RegExp(String.raw`\bsystemctl\s{1,4}(?:start|enable|restart)\s{1,4}(?:--now\s{1,4})?${unit}\b`, 'i').test(text);
  if (/advfirewall/.test(d)) return /\badvfirewall\s{1,4}set\s{1,4}\w{1,20}\s{1,4}state\s{1,4}on\b/i.test(text);
  if (/set-mppreference/.test(d)) return /\bset-mppreference\b[^;|\n]{0,80}?-disable\w{0,40}\s{1,4}\$?false\b/i.test(text);
  if (/csrutil/.test(d)) return /\bcsrutil\s{1,4}enable\b/i.test(text);
  if (/spctl/.test(d)) return /\bspctl\s{1,4}--master-enable\b/i.test(text);
  return false;
}

/** Some manifest (`---`-separated) of the text binds cluster-admin to every user or service account; read once per text. */
export const bindsClusterAdminToAll = oncePerText((text) =>
  text
    .split(/\n---/)
    .some(
      (doc) =>
        /kind:\s{0,4}ClusterRoleBinding\b/.test(doc) &&
        /\bname:\s{0,4}["']?cluster-admin\b/.test(doc) &&
        /\bname:\s{0,4}["']?system:(?:unauthenticated|anonymous|serviceaccounts|authenticated)\b/.test(doc),
    ),
);

export const RANDOM_PASSWORD =
  /\bsecrets\.(?:token_\w{1,20}|choice)\b|\bopenssl\s{1,4}rand\b|\bpwgen\b|\/dev\/urandom|\bcrypto\.randomBytes\b|\bSecureRandom\b|\bRandomNumberGenerator\b/;
export const CONTAINER_BUILD_FILE = /(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w.-]{1,40})?$|\.(?:dockerfile|containerfile)$/i;

/** The bodies of shell scripts a unit runs inside a container (`docker compose exec -T db sh -euc '…'`, `podman run … bash -c '…'`). */
const containerShellBodies = oncePerText((unit) =>
  [
    ...unit.matchAll(
      /\b(?:docker|podman|nerdctl)\b[^\n'"]{0,200}?\s(?:exec|run)\s[^\n'"]{0,200}?\b(?:ba|da|a)?sh\s{1,4}-\w{0,4}c\w{0,4}\s{1,4}'([^']{1,4000})'/g,
    ),
  ]
    // A container given the host (its root mounted, `--privileged`, the host's PID space) writes to the machine itself.
    .filter(
      (m) =>
        !/\s(?:-v|--volume|--mount)[\s=]["']?(?:type=bind,\s{0,4}(?:source|src)=)?\/(?:[:,\s]|$)|--privileged\b|--pid[\s=]host\b/.test(
          m[0],
        ),
    )
    .map((m) => m[1]!),
);

/**
 * Whether a line of a unit lies in a script a container runs: what it does to accounts and sudoers is the container's
 * (a throwaway test service), not the machine the agent works on.
 */
export function insideContainerShell(line: string, unit: string): boolean {
  const trimmed = line.trim();
  return trimmed.length > 0 && containerShellBodies(unit).some((body) => body.includes(trimmed));
}
