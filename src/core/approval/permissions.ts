import type { Permission } from '../config/schema.js';
import type { CommandName } from '../commands/command-help.js';
import { escapeMarkdownText } from '../markdown-safe.js';

/** GitHub's repository permission levels, lowest first. */
export const PERMISSION_LEVELS = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** The answer of `GET /repos/{o}/{r}/collaborators/{u}/permission` (the fields that matter). */
export interface CollaboratorPermission {
  /** Legacy field: `admin | write | read | none` (maintain is reported as write, triage as read). */
  permission?: string | null;
  /** `admin | maintain | write | triage | read`, or the name of a custom role. */
  role_name?: string | null;
}

export interface CommentSender {
  login: string;
  /** `User`, `Bot` or `Organization`, as webhook payloads give it. */
  type?: string | null;
}

/**
 * The level that counts: `role_name` when it is one of GitHub's levels (it tells maintain
 * from write and triage from read), else `permission` (custom roles inherit a base level,
 * which `permission` reports). Anything unknown is `none`.
 */
export function effectivePermission(answer: CollaboratorPermission | undefined): PermissionLevel {
  const role = asLevel(answer?.role_name);
  if (role) return role;
  return asLevel(answer?.permission) ?? 'none';
}

export function meetsPermission(actual: PermissionLevel, required: PermissionLevel | Permission): boolean {
  return PERMISSION_LEVELS.indexOf(actual) >= PERMISSION_LEVELS.indexOf(required);
}

/** A bot by account type or by login (`name[bot]`), so a payload without `type` still counts. */
export function isBotSender(sender: CommentSender): boolean {
  return sender.type === 'Bot' || /\[bot\]$/i.test(sender.login);
}

/** `approval.trustedBots` entries match with or without the `[bot]` suffix, case-insensitively. */
export function isTrustedBot(login: string, trustedBots: readonly string[]): boolean {
  const name = botName(login);
  return trustedBots.some((entry) => botName(entry) === name);
}

/**
 * What a command or a label needs from its sender; `execution-label` is adding `ralph`/`team`/…,
 * `exempt-label` adding a label that waives the plans gate (`plangate:skip`).
 */
export type GuardedAction = CommandName | 'execution-label' | 'exempt-label';

export interface AuthorizationConfig {
  ralph: { approvers: Permission };
  approval: { trustedBots: readonly string[] };
}

export type Authorization =
  /** `via: 'trusted-bot'`: listed in `approval.trustedBots`; no permission lookup is needed. */
  | { kind: 'allowed'; via: 'permission' | 'trusted-bot'; permission: PermissionLevel | 'trusted-bot' }
  /** Answer `answer` (markdown, escaped); for a label, remove it too. */
  | { kind: 'refused'; answer: string }
  /** Not answered (an untrusted bot: answering bots invites loops); `reason` is for the log. */
  | { kind: 'ignored'; reason: string };

/**
 * Who may act (docs/approval.md, "Who may act"): every command and every
 * execution label needs `ralph.approvers` or higher. Bots are ignored unless trusted. Every
 * refusal of a person carries the answer to post. `permission` is the lookup's answer
 * (undefined when the lookup said 404: not a collaborator).
 */
export function authorizeCommand(input: {
  command: GuardedAction;
  sender: CommentSender;
  permission: CollaboratorPermission | PermissionLevel | undefined;
  config: AuthorizationConfig;
}): Authorization {
  const { sender, config } = input;
  if (isBotSender(sender)) {
    if (isTrustedBot(sender.login, config.approval.trustedBots)) return { kind: 'allowed', via: 'trusted-bot', permission: 'trusted-bot' };
    return { kind: 'ignored', reason: `${sender.login} is a bot that is not listed in approval.trustedBots` };
  }
  const actual = typeof input.permission === 'string' ? input.permission : effectivePermission(input.permission);
  const required = config.ralph.approvers;
  if (meetsPermission(actual, required)) return { kind: 'allowed', via: 'permission', permission: actual };
  return { kind: 'refused', answer: refusalText(input.command, sender.login, actual, required) };
}

function refusalText(action: GuardedAction, login: string, actual: PermissionLevel, required: Permission): string {
  const who = escapeMarkdownText(`@${login}`, 60);
  const what =
    action === 'execution-label'
      ? 'Starting a run with an execution label'
      : action === 'exempt-label'
        ? 'Waiving the plans gate with an exempt label'
        : `\`/plangate ${action}\``;
  const after = action === 'execution-label' || action === 'exempt-label' ? ' The label was removed.' : '';
  const has = actual === 'none' ? 'no permission (not a collaborator)' : `**${actual}** permission`;
  return `${what} needs **${required}** permission on this repository or higher; ${who} has ${has}.${after} (\`ralph.approvers\` in the plangate config sets the level.)`;
}

function asLevel(value: string | null | undefined): PermissionLevel | undefined {
  const lower = value?.toLowerCase();
  return PERMISSION_LEVELS.find((level) => level === lower);
}

function botName(login: string): string {
  return login.toLowerCase().replace(/\[bot\]$/, '');
}
