import type { FrontmatterCheckInput, FrontmatterHit, ScanRule } from './scan-rule.js';
import { ALL_KINDS } from '../scan-types.js';
import { negatedBefore } from './shell-vocabulary.js';
import { pushAll } from '../../push-all.js';

/** Commands that, once allowed, allow anything: interpreters, downloaders, privilege wrappers. */
const OPEN_ENDED = new Set([
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
const SHELL_TOOLS = new Set(['bash', 'shell', 'terminal', 'run_shell_command', 'run_terminal_cmd', 'execute_command', 'powershell']);

/** Tool entries of an `allowed-tools` value (a string or a list). */
function toolEntries(value: unknown): string[] {
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

function checkAllowedTools(input: FrontmatterCheckInput): FrontmatterHit[] {
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
        matched: `${key}: ${entry}`,
        why: 'The skill is allowed to run any shell command without asking: one injected instruction is enough to run anything.',
      });
    }
  }
  return hits;
}

export const s010PermissionEscalation: ScanRule = {
  id: 'S010',
  name: 'permission-escalation',
  level: 'MEDIUM',
  kinds: ALL_KINDS,
  signals: ['privilege'],
  why: 'Removes the checks that keep the agent from running arbitrary commands: permission prompts, sandboxes, tool allow-lists or sudo passwords.',
  fix: 'Grant the narrowest tools the skill needs (`Bash(git status:*)`, not `Bash`), keep approvals and the sandbox on, and never edit sudoers.',
  frontmatter: checkAllowedTools,
  patterns: [
    {
      id: 'skip-permission-flags',
      re: /--dangerously-skip-permissions\b|--dangerously-bypass-approvals-and-sandbox\b|--yolo\b|--allow-all-tools\b|--allow-all-paths\b|--allow-all(?![\w-])|--trust-all-tools\b|\bbypassPermissions\b|--permission-mode[=\s]{1,4}["']?bypass|--approval-mode[=\s]{1,4}["']?yolo|\bdanger-full-access\b|--ask-for-approval[=\s]{1,4}["']?never\b|\bapproval_policy\s{0,4}=\s{0,4}["']never/i,
      accept: (m, c) => !negatedBefore(c.text, m.index),
    },
    {
      id: 'allow-any-shell',
      re: /\b(?:Bash|Shell)\(\s{0,4}\*?\s{0,4}(?::\s{0,4})?\*\s{0,4}\)/,
      accept: (m, c) => !negatedBefore(c.text, m.index),
    },
    {
      id: 'auto-approve-settings',
      re: /"?chat\.tools\.autoApprove"?\s{0,4}:\s{0,4}true|"?autoApprove"?\s{0,4}[:=]\s{0,4}(?:true|\[\s{0,4}"\*")|"?enableAllProjectMcpServers"?\s{0,4}:\s{0,4}true/i,
    },
    {
      id: 'sudoers',
      level: 'HIGH',
      re: /NOPASSWD\s{0,4}:\s{0,4}ALL\b|(?:>>?|\btee\b[^;&|]{0,20}?)\s{0,4}\/etc\/sudoers(?:\.d\/\S{0,60})?/i,
      signals: ['defence-disable'],
      why: 'Gives passwordless root: anything that runs later can take over the machine.',
    },
    {
      id: 'disable-security-controls',
      re: /\bset-mppreference\b[^;|]{0,80}?-disable\w{0,40}\s{1,4}\$?true\b|\badd-mppreference\b[^;|]{0,40}?-exclusion(?:path|process|extension)\b|\bnetsh\s{1,4}advfirewall\s{1,4}set\s{1,4}\w{1,20}\s{1,4}state\s{1,4}off\b|\bsetenforce\s{1,4}0\b|\bufw\s{1,4}disable\b|\bsystemctl\s{1,4}(?:stop|disable)\s{1,4}(?:firewalld|apparmor|auditd|falcon-sensor)\b|\bcsrutil\s{1,4}disable\b|\bspctl\s{1,4}--master-disable\b/i,
      signals: ['defence-disable'],
      level: 'HIGH',
      why: 'Turns off antivirus, the firewall, SELinux/AppArmor, audit logging or macOS protections: nothing a skill needs, everything malware does first.',
    },
    {
      id: 'setuid-or-admin-group',
      re: /\bchmod\s{1,4}(?:[ugo]{0,3}\+s|[2467][0-7]{3})\s|\busermod\s{1,4}-a?G\s{1,4}(?:sudo|wheel|admin|root)\b/i,
      why: 'Makes a program run as root, or the user an administrator.',
    },
  ],
  examples: {
    match: [
      { path: 'SKILL.md', text: '---\nname: x\ndescription: y\nallowed-tools: Read, Bash\n---\n# x\n' },
      { path: 'SKILL.md', text: '---\nname: x\ndescription: y\nallowed-tools:\n  - Read\n  - Bash(curl:*)\n---\n# x\n' },
      'claude --dangerously-skip-permissions -p "fix it"',
      'codex exec --dangerously-bypass-approvals-and-sandbox "go"',
      'gemini --yolo',
      'copilot --allow-all-tools -p "do it"',
      { path: 'settings.json', text: '{ "permissions": { "defaultMode": "bypassPermissions", "allow": ["Bash(*)"] } }' },
      { text: 'echo "me ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers', level: 'HIGH' },
      'chmod u+s /tmp/sh',
      { text: 'Set-MpPreference -DisableRealtimeMonitoring $true', level: 'HIGH' },
      { text: 'sudo setenforce 0', level: 'HIGH' },
    ],
    noMatch: [
      {
        path: 'SKILL.md',
        text: '---\nname: x\ndescription: y\nallowed-tools: Read, Grep, Bash(git status:*), Bash(npm test:*)\n---\n# x\n',
      },
      { path: 'SKILL.md', text: 'Never run the agent with --dangerously-skip-permissions.\n' },
      'codex exec --full-auto "{prompt_file}"',
      'chmod 644 README.md',
    ],
  },
};
