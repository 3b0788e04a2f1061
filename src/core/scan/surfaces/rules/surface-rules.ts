import type { ScanRule } from '../../rules/scan-rule.js';
import { s020McpSecretForwarding } from './s020-mcp-secret-forwarding.js';
import { s021McpUnpinnedPackage } from './s021-mcp-unpinned-package.js';
import { s022McpInsecureRemote } from './s022-mcp-insecure-remote.js';
import { s023HookSendsSession } from './s023-hook-sends-session.js';
import { s024AgentSettingsOverride } from './s024-agent-settings-override.js';

/** Rules that read what MCP configs, hooks and agent settings make a client start or call (kind `launch`). */
export const SURFACE_RULES: readonly ScanRule[] = [
  s020McpSecretForwarding,
  s021McpUnpinnedPackage,
  s022McpInsecureRemote,
  s023HookSendsSession,
  s024AgentSettingsOverride,
];
