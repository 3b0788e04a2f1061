/** The comment commands (docs/approval.md), in the order the help lists them. */
export const COMMAND_NAMES = ['status', 'approve', 'revoke', 'run', 'cancel', 'help'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

interface CommandHelp {
  usage: string;
  summary: string;
}

export const COMMAND_HELP: Record<CommandName, CommandHelp> = {
  status: { usage: '/plangate status', summary: 'show the planning gate, the approval and the current run' },
  approve: {
    usage: '/plangate approve [<prd path>]',
    summary:
      'approve the plan (the latest PRD, the `Plan:` line, or the PRD named here), bound to the current blob SHAs of the PRD and its test spec',
  },
  revoke: { usage: '/plangate revoke', summary: 'withdraw the current approval' },
  run: { usage: '/plangate run', summary: 'start a ralph run on this issue, as adding the execution label does (the gate applies)' },
  cancel: { usage: '/plangate cancel', summary: 'cancel the run in flight and remove the execution labels' },
  help: { usage: '/plangate help', summary: 'show this list' },
};

/**
 * The help answer: every command with what it does, and who may use it. The permission
 * is passed in (config `ralph.approvers`) so the text says the real requirement.
 */
export function renderCommandHelp(approvers?: string): string {
  const lines = ['**plangate commands** (first line of an issue or pull request comment):', ''];
  for (const name of COMMAND_NAMES) lines.push(`- \`${COMMAND_HELP[name].usage}\` — ${COMMAND_HELP[name].summary}`);
  lines.push('');
  lines.push(
    approvers
      ? `Commands need **${approvers}** permission on the repository or higher; bots are ignored unless listed in \`approval.trustedBots\`.`
      : 'Commands need the permission set in `ralph.approvers`; bots are ignored unless listed in `approval.trustedBots`.',
  );
  return lines.join('\n');
}
