import { oncePerText } from './once-per-text.js';
import { ALL, CODE, PROSE } from './scan-rule.js';
import { negatedBefore } from './shell-vocabulary.js';
import type { Detector } from './scan-rule.js';

/**
 * The top role of a directory or cloud given to an identity, and the checks that guard a machine or a
 * repository turned off. An administrator does both on purpose, so alone they are worth a look; kept from
 * the user or fired on every task they are an attacker's foothold (judge/compounds.ts).
 */
/** Whether a file turns a CloudTrail trail back on; read once per file. */
const restartsTrail = oncePerText((text) => /\bcloudtrail\s{1,4}start-logging\b/i.test(text));

/** Whether a unit invites an outside identity into the directory (Entra B2B, Azure AD invitations); read once per unit. */
const invitesGuest = oncePerText((text) =>
  /\b(?:New-MgInvitation|New-AzureADMSInvitation)\b|\binvitations\s{0,4}\.\s{0,4}post\b|\bInvitedUserEmailAddress\b/i.test(text),
);

/** The rest of a sentence that waits for the user: "only after they confirm", "once the user approves". */
const AFTER_CONSENT =
  /^[^.!?\n]{0,80}?\b(?:after|once|if|when)\s{1,4}(?:they|the\s{1,4}(?:user|owner|maintainer)|you\s{1,4}(?:get|have))\b[^.!?\n]{0,30}?\b(?:confirm|agree|approv|say\s{1,4}yes|consent|sign\s{0,2}off)/i;

export const ADMIN_AND_CHECKS_DETECTORS: readonly Detector[] = [
  {
    id: 'grant-top-admin-role',
    keywords: [
      'clusterrolebinding',
      'roles/owner',
      'organizationadmin',
      'securityadmin',
      'directoryrolememberbyref',
      'add-azureaddirectoryrolemember',
      'rolemanagementdirectoryroleassignment',
      'add-msolrolemember',
      'role assignment',
      'administratoraccess',
      'makeadmin',
      'super_admin',
      'org_admin',
      'isadmin',
    ],
    capabilities: ['privilege'],
    level: 'MEDIUM',
    reads: CODE,
    re: /\bkubectl\s{1,4}create\s{1,4}clusterrolebinding\b[^\n]{0,200}?--clusterrole[=\s]{1,4}["']?cluster-admin\b|\badd-iam-policy-binding\b[^\n]{0,300}?--role[=\s]{1,4}["']?roles\/(?:owner|resourcemanager\.organizationAdmin|iam\.securityAdmin)\b|\b(?:New-MgDirectoryRoleMemberByRef|Add-AzureADDirectoryRoleMember|New-MgRoleManagementDirectoryRoleAssignment|Add-MsolRoleMember)\b|\baz\s{1,4}role\s{1,4}assignment\s{1,4}create\b[^\n]{0,200}?--role[=\s]{1,4}["']?(?:Owner|User\s{1,4}Access\s{1,4}Administrator)\b|\battach-(?:user|role|group)-policy\b[^\n]{0,200}?AdministratorAccess\b|\bmakeAdmin\s{0,4}\(|["']isAdmin["']\s{0,4}:\s{0,4}true\b|["'](?:SUPER_ADMIN|ORG_ADMIN)["']/i,
    // A guest invited in the same step and given the directory's top role: an outsider who can do anything there.
    accept: (_m, c) => (invitesGuest(c.unitText) ? { level: 'HIGH', capabilities: ['privilege'] } : true),
    why: 'Gives an identity the top role of a cloud project or directory (owner, Global Administrator, AdministratorAccess): it can do anything there, including lock the user out.',
  },
  {
    // A cloud account's audit trail stopped or deleted: what the account's owners would see of what happens next, gone.
    id: 'cloud-audit-off',
    keywords: ['cloudtrail', 'guardduty', 'configuration-recorder', 'logging sinks', 'diagnostic-settings', 'securityhub'],
    capabilities: ['privilege', 'concealment'],
    level: 'HIGH',
    reads: CODE,
    re: /\baws\s{1,4}cloudtrail\s{1,4}(?:stop-logging|delete-trail)\b|\baws\s{1,4}guardduty\s{1,4}delete-detector\b|\baws\s{1,4}configservice\s{1,4}(?:stop-configuration-recorder|delete-configuration-recorder)\b|\baws\s{1,4}securityhub\s{1,4}disable-security-hub\b|\bgcloud\s{1,4}logging\s{1,4}sinks\s{1,4}delete\b|\baz\s{1,4}monitor\s{1,4}diagnostic-settings\s{1,4}delete\b/i,
    // Turned back on in the same document (`stop-logging` … `start-logging`): a maintenance window, worth a look.
    accept: (_m, c) => (c.fileText !== undefined && restartsTrail(c.fileText) ? 'MEDIUM' : true),
    why: "Stops or deletes a cloud account's audit trail or threat detection: nothing that happens afterwards is recorded.",
  },
  {
    // A machine's or cluster's own audit record switched off or erased: the audit flags cut from the API server's
    // manifest, the kernel audit rules dropped, the audit log removed or emptied. Rotated copies (`audit.log.3`) are housekeeping.
    id: 'host-audit-off',
    keywords: ['audit'],
    capabilities: ['privilege', 'concealment'],
    level: 'HIGH',
    reads: CODE,
    re: /\bsed\s{1,4}-i\b[^;&|\n]{0,40}?--audit-(?:log-path|policy-file|webhook-config-file)\b[^;&|\n]{0,20}?\/d\b|\bauditctl\s{1,4}(?:-e\s{0,4}0\b|-D\b)|\b(?:rm|shred)\s{1,4}(?:-\w{1,4}\s{1,4}){0,3}(?:[^\s;&|<>-][^\s;&|<>]{0,199}\s{1,4}){0,6}["']?\/var\/log\/(?:kubernetes\/)?audit\/(?:\*|[\w.-]{0,40}audit[\w-]{0,20}\.log(?![.\w]))|(?:\btruncate\s{1,4}-s\s{0,4}0|(?:^|[\s;&|]):?\s{0,4}>)\s{0,4}["']?\/var\/log\/(?:kubernetes\/)?audit\/[\w.-]{0,40}\.log(?![.\w])/im,
    why: "Switches off or erases the machine's or cluster's own audit record: nothing that happens afterwards, or before, can be traced.",
  },
  {
    // A secret scanner told to look away: the flagged path appended to its ignore file, or its baseline rewritten to accept it.
    id: 'secret-scan-silenced',
    keywords: ['gitleaksignore', 'trufflehogignore', 'secrets.baseline'],
    capabilities: ['privilege'],
    level: 'MEDIUM',
    // In other languages the preposition carries it ("añade la huella a `.gitleaksignore`", "ajoute-la à …", "füge sie zur …").
    re: /(?:>>|\btee\s{1,4}-a)\s{0,4}["']?\.(?:gitleaksignore|trufflehogignore)\b|\b(?:append|add|copy|write|put|paste)\b[^.!?\n]{0,80}?\b(?:to|into)\b[\s*_~>\x60"']{1,8}\.(?:gitleaksignore|trufflehogignore|secrets\.baseline)\b|\b(?:a|al|ao|aos|au|aux|in|nel|nella|alla|zu|zur|zum|em|no|na|naar|do|w|ve|ke)\b[\s*_~>\x60"']{1,8}\.(?:gitleaksignore|trufflehogignore|secrets\.baseline)\b/i,
    // "… add it to `.gitleaksignore` only after they confirm": the user decides that a finding is a fixture.
    accept: (m, c) => !AFTER_CONSENT.test(c.text.slice(m.index + m[0].length, m.index + m[0].length + 160)),
    why: 'Tells the secret scanner to ignore what it just found: the secret goes in with the commit.',
  },
  {
    // A data warehouse account's own guards removed: its network allow-list dropped, MFA bypassed for days.
    id: 'account-guards-off',
    keywords: ['network_policy', 'mins_to_bypass_mfa'],
    capabilities: ['privilege'],
    level: 'MEDIUM',
    reads: CODE,
    re: /\bALTER\s{1,4}ACCOUNT\s{1,4}UNSET\s{1,4}NETWORK_POLICY\b|\bMINS_TO_BYPASS_MFA\s{0,4}=\s{0,4}\d{3,}/i,
    why: "Removes an account's own guards (its network allow-list, its MFA): anyone with a password gets in from anywhere.",
  },
  {
    // The Docker socket opened to every local user: whoever can write to it runs containers as root with the host mounted.
    id: 'docker-socket-opened',
    keywords: ['docker.sock'],
    capabilities: ['privilege'],
    level: 'MEDIUM',
    reads: CODE,
    re: /\bchmod\s{1,4}(?:-[a-zA-Z]{1,4}\s{1,4})?(?:0?66[66]|0?77[67]|a\+rwx?|o\+rwx?|ugo\+rwx?)\s{1,4}["']?\/(?:var\/)?run\/docker\.sock\b/i,
    why: 'Makes the Docker socket writable by every user: any process can start a root container with the host mounted.',
  },
  {
    id: 'tls-verification-off',
    keywords: ['strict-ssl', 'node_tls_reject_unauthorized', 'sslverify', 'git_ssl_no_verify', 'pythonhttpsverify', 'trusted-host'],
    capabilities: ['privilege'],
    evidenceOnly: true,
    level: 'MEDIUM',
    reads: CODE,
    re: /\bstrict-ssl[=\s]{1,4}false\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s{0,4}=\s{0,4}["']?0\b|\bhttp\.sslVerify[=\s]{1,4}false\b|\bGIT_SSL_NO_VERIFY\s{0,4}=\s{0,4}["']?(?:1|true)\b|\bPYTHONHTTPSVERIFY\s{0,4}=\s{0,4}["']?0\b|\bconfig\s{1,4}set\s{1,4}global\.trusted-host\b/i,
    why: 'Turns off certificate checks: whoever sits on the network can serve packages and code in place of the real ones.',
  },
  {
    // "Make the auth middlewares pass through", "bypass the permission checks": the application's own guard switched off.
    id: 'app-auth-bypassed',
    keywords: ['pass through', 'bypass', 'disable', 'skip', 'stub out', 'comment out', 'short-circuit', 'return next()', 'return true'],
    alsoKeywords: ['auth', 'permission', 'access control', 'csrf', 'mfa', '2fa', 'role'],
    leads: 'keywords',
    capabilities: ['privilege'],
    evidenceOnly: true,
    level: 'MEDIUM',
    reads: PROSE,
    scope: 'unit',
    re: /\b(?:make|let|have)\s{1,4}(?:them|it|each|all\s{1,4}of\s{1,4}them|the\s{1,4}(?:[\w-]{1,30}\s{1,4}){0,2}(?:middlewares?|guards?|checks?|decorators?))\s{1,4}(?:simply\s{1,4}|just\s{1,4})?(?:pass\s{1,4}through|always\s{1,4}(?:pass|succeed|allow|return\s{1,4}(?:true|next)))\b|\b(?:disable|bypass|skip|stub\s{1,4}out|comment\s{1,4}out|short-circuit|remove)\s{1,4}(?:the\s{1,4}|all\s{1,4})?(?:[\w-]{1,30}\s{1,4}){0,2}?(?:auth(?:entication|orization)?|permission|access[\s-]control|csrf|mfa|2fa|role)\s{1,4}(?:checks?|middlewares?|guards?|verification|enforcement)\b/i,
    // The guard in question is an application's sign-in or permission check.
    requires: /\b(?:auth\w{0,20}|permission|access[\s-]control|csrf|mfa|2fa|roles?|401|403|login|session)\b/i,
    accept: (m, c) => !negatedBefore(c.text, m.index),
    why: "Switches off an application's own sign-in or permission checks: every request gets in.",
  },
  {
    // `git commit --no-verify`, `SKIP=gitleaks git commit`: this commit past the hooks that scan it for secrets. Worth a
    // look alone (a work-in-progress commit); with an order to hide it, the check the user relies on is dodged in secret.
    id: 'commit-checks-skipped',
    keywords: ['--no-verify', 'skip=gitleaks', 'husky=0', 'hooks', 'hook'],
    capabilities: ['privilege'],
    evidenceOnly: true,
    level: 'MEDIUM',
    // Or said in words: "git's documented option for skipping verification hooks", "bypass the pre-push hook".
    re: /\bgit\s{1,4}(?:commit|push)\b[^;&|\n]{0,120}?--no-verify\b|\b(?:SKIP=[\w,-]{0,60}gitleaks|HUSKY=0)\s{1,4}git\s{1,4}(?:commit|push)\b|\b(?:skip|skipping|bypass|bypassing|circumvent|circumventing|disable|disabling|get\s{1,4}past|getting\s{1,4}past)\s{1,4}(?:the\s{1,4}|its\s{1,4}|all\s{1,4}|any\s{1,4})?(?:verification|pre-?commit|pre-?push|commit|git|secret[\s-]{1,4}scan(?:ning)?)\s{1,4}hooks?\b|\b(?:with|using|pass|passing|add|adding)\s{1,4}(?:the\s{1,4}|a\s{1,4})?(?:hook|verification|verify|no-verify)[\s-]{1,4}(?:bypass|skip|skipping)\s{1,4}(?:flag|option|switch)\b/i,
    accept: (m, c) => !negatedBefore(c.text, m.index),
    why: 'Commits or pushes past the hooks that scan for secrets and run checks.',
  },
  {
    // `SKIP_SECURITY_GATE: "true"`, `SKIP_SECURITY_SCAN=1`: a pipeline's security check switched off by a setting.
    // Evidence alone (a documented escape hatch); with an order to hide it, the gate the user relies on is dodged in secret.
    id: 'security-gate-skipped',
    keywords: ['skip_security', 'skip-security', 'disable_security', 'disable-security', 'bypass_security', 'bypass-security'],
    capabilities: ['privilege'],
    evidenceOnly: true,
    level: 'MEDIUM',
    reads: ALL,
    re: /\b(?:SKIP|DISABLE|BYPASS)[_-]SECURITY(?:[_-]\w{1,20})?\s{0,4}[:=]\s{0,4}["']?(?:true|1|yes|on)\b/i,
    accept: (m, c) => !negatedBefore(c.text, m.index),
    why: "Switches off the pipeline's security gate by a setting: findings it exists to stop get through.",
  },
  {
    // `gh run cancel` of the release gate's run, `gh pr merge --admin`: the required check or review the repository sets
    // is stopped or stepped over. Evidence alone (maintainers do both, in the open); hidden, the gate is dodged.
    id: 'required-check-overridden',
    keywords: ['gh run cancel', '--admin'],
    capabilities: ['privilege'],
    evidenceOnly: true,
    level: 'MEDIUM',
    reads: ALL,
    re: /\bgh\s{1,4}run\s{1,4}cancel\b[^\n]{0,160}?\b(?:gate|required|security|codeql|scan)\b|\bgh\s{1,4}pr\s{1,4}merge\b[^;&|\n]{0,120}?\s--admin\b/i,
    accept: (m, c) => !negatedBefore(c.text, m.index),
    why: 'Stops or steps over a check the repository requires (a release gate, branch protection): what it exists to stop gets through.',
  },
  {
    // "Add each advisory id to `audit-ci.jsonc` under `allowlist`", `.trivyignore`, `.snyk` ignores: the dependency audit told
    // to pass over known vulnerabilities ("records the blocking advisory IDs in `.audit-allow.json`"). Evidence alone (triage
    // does this, in the open); hidden, the check is dodged.
    id: 'advisories-allowlisted',
    keywords: ['advisory', 'advisories', 'ghsa-', 'cve-', 'audit-ci', '.snyk', '.trivyignore', 'grype'],
    alsoKeywords: ['allowlist', 'whitelist', 'ignore', 'allow'],
    capabilities: ['privilege'],
    evidenceOnly: true,
    level: 'MEDIUM',
    reads: ALL,
    // A full stop inside a file name (`audit-ci.jsonc`) ends no sentence.
    re: /\b(?:adds?|adding|put|append|appends|appending|list|insert|records?|recording|writes?|marks?)\b(?:[^.\n]|\.(?=\w)){0,80}?\b(?:advisor(?:y|ies)|GHSA-[\w-]{0,20}|CVE-[\d-]{0,20}|vulnerabilit(?:y|ies))\b(?:[^.\n]|\.(?=\w)){0,80}?(?:\b(?:allowlist|whitelist|ignore(?:list|s)?|exceptions?)\b|[\w.-]{0,30}\ballow(?:[-_]?list)?[\w-]{0,20}\.(?:json|ya?ml|toml)\b)|\b(?:advisor(?:y|ies)|GHSA-[\w-]{0,20}|CVE-[\d-]{0,20}|vulnerabilit(?:y|ies))\b(?:[^.\n]|\.(?=\w)){0,80}?\b(?:adds|appends|writes|records|puts)\s{1,4}(?:them|it|each|those|these)\b(?:[^.\n]|\.(?=\w)){0,60}?(?:\b(?:allowlist|whitelist|ignore(?:list|s)?|exceptions?)\b|[\w.-]{0,30}\ballow(?:[-_]?list)?[\w-]{0,20}\.(?:json|ya?ml|toml)\b)|\b(?:audit-ci|\.snyk|\.trivyignore|\.grype\.ya?ml)\b(?:[^.\n]|\.(?=\w)){0,80}?\b(?:allowlist|whitelist|ignore)\b/i,
    accept: (m, c) => !negatedBefore(c.text, m.index),
    why: 'Tells the dependency audit to pass over known vulnerabilities: the check the user relies on stops reporting them.',
  },
  {
    id: 'commit-checks-removed',
    keywords: ['.git/hooks', 'hookspath', 'pre-commit uninstall', 'husky uninstall'],
    capabilities: ['privilege'],
    evidenceOnly: true,
    level: 'MEDIUM',
    reads: CODE,
    re: /\brm\s{1,4}(?:-[a-zA-Z]{1,4}\s{1,4}){0,3}[^\s;&|]{0,120}?\.git\/hooks\/(?:pre-commit|pre-push|commit-msg|\*)|\bgit\s{1,4}config\s{1,4}(?:--(?:global|local|system)\s{1,4})?--unset(?:-all)?\s{1,4}core\.hooksPath\b|\bpre-commit\s{1,4}uninstall\b|\bhusky\s{1,4}uninstall\b/i,
    why: "Removes the commit hooks that scan for secrets and run checks: what the user's repository relies on stops running.",
  },
];
