import type { CommentSender, PermissionLevel } from '../../core/approval/permissions.js';
import type { IssueSession, RunSettings } from '../issues/issue-session.js';

/** One authorized command, as every command handler gets it. */
export interface CommandInput {
  session: IssueSession;
  settings: RunSettings;
  commentId: number;
  sender: CommentSender;
  /** The sender's level, or `trusted-bot`. */
  permission: PermissionLevel | 'trusted-bot';
  /** The comment is on a pull request. */
  isPull: boolean;
  /** `answer` id of this command. */
  answerId: string;
}

/** What a command did; `reevaluatePull`: the PR's gate comment must show a new approval state. */
export interface CommandOutcome {
  outcome: string;
  reevaluatePull?: boolean;
  [field: string]: unknown;
}
