import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/core/config/schema.js';
import {
  authorizeCommand,
  effectivePermission,
  isBotSender,
  isTrustedBot,
  meetsPermission,
  PERMISSION_LEVELS,
} from '../../src/core/approval/permissions.js';

const config = (input: Record<string, unknown> = {}) => configSchema.parse(input);
const LIVE_MENTION = /(^|[^\w`])@[A-Za-z0-9]/;

describe('permission levels', () => {
  it('orders none < read < triage < write < maintain < admin', () => {
    for (let i = 0; i < PERMISSION_LEVELS.length; i++) {
      for (let j = 0; j < PERMISSION_LEVELS.length; j++) {
        expect(meetsPermission(PERMISSION_LEVELS[i]!, PERMISSION_LEVELS[j]!)).toBe(i >= j);
      }
    }
  });

  it('takes role_name when it is a level: it tells maintain from write and triage from read', () => {
    expect(effectivePermission({ permission: 'write', role_name: 'maintain' })).toBe('maintain');
    expect(effectivePermission({ permission: 'read', role_name: 'triage' })).toBe('triage');
    expect(effectivePermission({ permission: 'admin', role_name: 'admin' })).toBe('admin');
  });

  it('falls back to permission for custom roles, and to none for anything unknown', () => {
    expect(effectivePermission({ permission: 'write', role_name: 'security-reviewer' })).toBe('write');
    expect(effectivePermission({ permission: 'read', role_name: null })).toBe('read');
    expect(effectivePermission({ permission: 'superuser' })).toBe('none');
    expect(effectivePermission({})).toBe('none');
    expect(effectivePermission(undefined)).toBe('none');
  });
});

describe('bots', () => {
  it('recognises bots by type or by the [bot] suffix', () => {
    expect(isBotSender({ login: 'renovate[bot]' })).toBe(true);
    expect(isBotSender({ login: 'planner', type: 'Bot' })).toBe(true);
    expect(isBotSender({ login: 'alice', type: 'User' })).toBe(false);
  });

  it('matches trustedBots with or without [bot], case-insensitively', () => {
    expect(isTrustedBot('Spiral-Planner[bot]', ['spiral-planner'])).toBe(true);
    expect(isTrustedBot('spiral-planner[bot]', ['spiral-planner[bot]'])).toBe(true);
    expect(isTrustedBot('other[bot]', ['spiral-planner'])).toBe(false);
  });
});

describe('authorizeCommand', () => {
  it('allows a sender at or above ralph.approvers and reports the level', () => {
    expect(
      authorizeCommand({
        command: 'approve',
        sender: { login: 'alice', type: 'User' },
        permission: { permission: 'write', role_name: 'write' },
        config: config(),
      }),
    ).toEqual({
      kind: 'allowed',
      via: 'permission',
      permission: 'write',
    });
    expect(
      authorizeCommand({
        command: 'run',
        sender: { login: 'm' },
        permission: 'maintain',
        config: config({ ralph: { approvers: 'maintain' } }),
      }).kind,
    ).toBe('allowed');
  });

  it('refuses below the level with an answer for every command and for the execution label', () => {
    for (const command of ['status', 'approve', 'revoke', 'run', 'cancel', 'help', 'execution-label'] as const) {
      const decision = authorizeCommand({
        command,
        sender: { login: 'tri', type: 'User' },
        permission: { permission: 'read', role_name: 'triage' },
        config: config(),
      });
      expect(decision.kind, command).toBe('refused');
      const answer = (decision as { answer: string }).answer;
      expect(answer).toContain('needs **write** permission');
      expect(answer).toContain('has **triage** permission');
    }
    const label = authorizeCommand({ command: 'execution-label', sender: { login: 'tri' }, permission: 'triage', config: config() });
    expect((label as { answer: string }).answer).toContain('The label was removed.');
  });

  it('treats a missing permission answer (not a collaborator) as none, and says so', () => {
    const decision = authorizeCommand({
      command: 'approve',
      sender: { login: 'drive-by' },
      permission: undefined,
      config: config({ ralph: { approvers: 'triage' } }),
    });
    expect(decision).toMatchObject({ kind: 'refused' });
    expect((decision as { answer: string }).answer).toContain('no permission (not a collaborator)');
  });

  it('never mentions the sender live in a refusal', () => {
    const decision = authorizeCommand({ command: 'approve', sender: { login: 'alice' }, permission: 'read', config: config() });
    const answer = (decision as { answer: string }).answer;
    expect(answer).toContain('@');
    expect(answer).not.toMatch(LIVE_MENTION);
    expect(answer).toContain('alice');
  });

  it('ignores untrusted bots without an answer, even with admin permission', () => {
    const decision = authorizeCommand({
      command: 'approve',
      sender: { login: 'evil[bot]', type: 'Bot' },
      permission: 'admin',
      config: config(),
    });
    expect(decision).toMatchObject({ kind: 'ignored' });
    expect(decision).not.toHaveProperty('answer');
  });

  it('allows bots listed in approval.trustedBots without a permission lookup', () => {
    const decision = authorizeCommand({
      command: 'approve',
      sender: { login: 'spiral-planner[bot]', type: 'Bot' },
      permission: undefined,
      config: config({ approval: { trustedBots: ['spiral-planner'] } }),
    });
    expect(decision).toEqual({ kind: 'allowed', via: 'trusted-bot', permission: 'trusted-bot' });
  });

  it('does not let a person borrow a trusted bot name', () => {
    const decision = authorizeCommand({
      command: 'approve',
      sender: { login: 'spiral-planner', type: 'User' },
      permission: 'read',
      config: config({ approval: { trustedBots: ['spiral-planner'] } }),
    });
    expect(decision.kind).toBe('refused');
  });
});
