import { negatedBefore } from './shell-vocabulary.js';
import type { Detector } from './scan-rule.js';

/** Allow rules that let the agent edit or write anywhere on the disk, or in the whole home folder. */
function writesWholeDisk(settings: string): boolean {
  return /"(?:Edit|Write|MultiEdit)\(\s{0,4}(?:\/\/|~\/|\/)\*\*\s{0,4}\)"/.test(settings);
}

/** The user's own Claude Code settings, which every project and session reads. */
const USER_SETTINGS = /(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%)[\\/]\.claude[\\/]settings(?:\.local)?\.json/;

/** The agent's own checks removed: permission prompts skipped, any shell allowed, tools approved automatically. */
export const AGENT_PERMISSION_DETECTORS: readonly Detector[] = [
  {
    id: 'skip-permission-flags',
    keywords: [
      '--dangerously',
      'dangerouslydisablesandbox',
      'autoapproveall',
      '--yolo',
      '--allow-all',
      '--trust-all',
      'bypasspermissions',
      '--permission-mode',
      '--approval-mode',
      'danger-full-access',
      '--ask-for-approval',
      'approval_policy',
    ],
    re: /--dangerously-skip-permissions\b|\bdangerouslyDisableSandbox\s{0,4}["']?\s{0,4}[:=]\s{0,4}true\b|\bautoApproveAll\s{0,4}["']?\s{0,4}[:=]\s{0,4}true\b|--dangerously-bypass-approvals-and-sandbox\b|--yolo\b|--allow-all-tools\b|--allow-all-paths\b|--allow-all(?![\w-])|--trust-all-tools\b|\bbypassPermissions\b|--permission-mode[=\s]{1,4}["']?bypass|--approval-mode[=\s]{1,4}["']?yolo|\bdanger-full-access\b|--ask-for-approval[=\s]{1,4}["']?never\b|\bapproval_policy\s{0,4}=\s{0,4}["']never/i,
    // Settings that also let the agent write anywhere on the disk (`Edit(//**)`, `Write(~/**)`) take every check away
    // from every file the user has, not only the project's: HIGH.
    // So do settings a file or program sets as the user's own (`"target": "~/.claude/settings.json"`): every project of theirs.
    accept: (m, c) =>
      negatedBefore(c.text, m.index)
        ? false
        : // The word may be pieced together (`["bypass", "Permissions"].join("")`): read without the seams.
          /^bypassPermissions$/i.test(m[0].replace(/["'\s,+]/g, '')) &&
            (writesWholeDisk(c.fileText ?? c.unitText) ||
              (!/\.(?:md|mdx|mdc|markdown|txt)$/i.test(c.path) && USER_SETTINGS.test(c.fileText ?? c.unitText)))
          ? 'HIGH'
          : true,
  },
  {
    id: 'allow-any-shell',
    keywords: ['bash(', 'shell('],
    re: /\b(?:Bash|Shell)\(\s{0,4}\*?\s{0,4}(?::\s{0,4})?\*\s{0,4}\)/,
    accept: (m, c) => !negatedBefore(c.text, m.index),
  },
  {
    id: 'auto-approve-settings',
    keywords: ['autoapprove', 'enableallprojectmcpservers'],
    re: /"?chat\.tools\.autoApprove"?\s{0,4}:\s{0,4}true|"?autoApprove"?\s{0,4}[:=]\s{0,4}(?:true|\[\s{0,4}"\*")|"?enableAllProjectMcpServers"?\s{0,4}:\s{0,4}true/i,
  },
];
