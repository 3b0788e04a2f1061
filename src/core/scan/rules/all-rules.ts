import type { ScanRule } from './scan-rule.js';
import { s001RemoteCodeExecution } from './s001-remote-code-execution.js';
import { s002UnpinnedRemoteInstall } from './s002-unpinned-remote-install.js';
import { s003GlobalInstall } from './s003-global-install.js';
import { s004PromptInjection } from './s004-prompt-injection.js';
import { s005CredentialExfiltration } from './s005-credential-exfiltration.js';
import { s006Obfuscation } from './s006-obfuscation.js';
import { s007DestructiveShell } from './s007-destructive-shell.js';
import { s008HiddenUnicode } from './s008-hidden-unicode.js';
import { s009Persistence } from './s009-persistence.js';
import { s010PermissionEscalation } from './s010-permission-escalation.js';
import { s011HardcodedSecret } from './s011-hardcoded-secret.js';
import { s012BinaryInSkill } from './s012-binary-in-skill.js';
import { s013SuspiciousEndpoint } from './s013-suspicious-endpoint.js';
import { s014CodeExecutionPrimitive } from './s014-code-execution-primitive.js';
import { s015AutonomyAbuse } from './s015-autonomy-abuse.js';
import { s100MissingName, s101MissingDescription } from './s100-skill-metadata.js';
import { SURFACE_RULES } from '../surfaces/rules/surface-rules.js';

/** Every scanner rule, in id order. The SARIF driver and the docs list them in this order. */
export const SCAN_RULES: readonly ScanRule[] = [
  s001RemoteCodeExecution,
  s002UnpinnedRemoteInstall,
  s003GlobalInstall,
  s004PromptInjection,
  s005CredentialExfiltration,
  s006Obfuscation,
  s007DestructiveShell,
  s008HiddenUnicode,
  s009Persistence,
  s010PermissionEscalation,
  s011HardcodedSecret,
  s012BinaryInSkill,
  s013SuspiciousEndpoint,
  s014CodeExecutionPrimitive,
  s015AutonomyAbuse,
  ...SURFACE_RULES,
  s100MissingName,
  s101MissingDescription,
];

export function scanRuleById(id: string): ScanRule | undefined {
  return SCAN_RULES.find((r) => r.id === id);
}
