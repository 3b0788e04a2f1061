import { oncePerText, oncePerTextAndKey } from './once-per-text.js';
import { PROSE } from './scan-rule.js';
import { describesAttack, negatedBefore, wholeWords } from './shell-vocabulary.js';
import { bindsClusterAdminToAll, insideContainerShell, RANDOM_PASSWORD } from './s010-vocabulary.js';
import type { Detector } from './scan-rule.js';

/** The unit generates a random password (for `chpasswd`); read once per unit. */
const generatesPassword = oncePerText((text) => RANDOM_PASSWORD.test(text));

/** `ConvertTo-SecureString "…" -AsPlainText`, or of a variable the script sets from a string (`$pw = "Rn!" + …`). */
const writtenPassword = oncePerText((text) => {
  const m = /\bConvertTo-SecureString\s{1,4}(?:-String\s{1,4})?(?:(["'])|\$(\w{1,40}))[^\n]{0,80}-AsPlainText\b/i.exec(text);
  if (!m) return false;
  return m[1] !== undefined || new RegExp(String.raw`\$${m[2]}\s{0,4}=\s{0,4}["']`, 'i').test(text);
});

/** The whole `CREATE USER|ROLE name …;` statement a match opens, read from its unit; once per unit and match. */
const sqlStatement = oncePerTextAndKey((unit, opening) => {
  const at = unit.indexOf(opening);
  return at < 0 ? opening : unit.slice(at, at + 600).split(';')[0]!;
});

/** Accounts and roles granted to everyone: IAM allow-everything, cluster-admin for all, new accounts with known passwords, prose that grants access. */
export const ACCOUNT_AND_ROLE_DETECTORS: readonly Detector[] = [
  {
    // An IAM policy that allows every action on every resource: administrator, whoever holds the role.
    id: 'iam-allow-everything',
    keywords: ['action', 'administratoraccess'],
    level: 'MEDIUM',
    re: /["']?Action["']?\s{0,4}:\s{0,4}\[?\s{0,4}["']\*["']\s{0,4}\]?\s{0,4},\s{0,4}["']?Resource["']?\s{0,4}:\s{0,4}\[?\s{0,4}["']\*["']|\battach-(?:role|user|group)-policy\b[^;&|\n]{0,200}?\/AdministratorAccess\b/i,
    why: 'Gives a role or user every action on every resource: whoever holds its credentials administers the account.',
  },
  {
    // Cluster administrator for anyone: unauthenticated users, every service account.
    id: 'cluster-admin-for-all',
    keywords: ['cluster-admin', 'system:unauthenticated', 'system:anonymous', 'system:serviceaccounts', 'system:authenticated'],
    level: 'HIGH',
    re: /\bcluster-admin\b[^\n]{0,160}?\bsystem:(?:unauthenticated|anonymous|serviceaccounts|authenticated)\b|\bsystem:(?:unauthenticated|anonymous|serviceaccounts|authenticated)\b[^\n]{0,160}?\bcluster-admin\b/i,
    why: 'Makes anyone who can reach the cluster (or every workload in it) a cluster administrator.',
  },
  {
    // The same binding written as YAML over several lines (subjects, then `roleRef: … name: cluster-admin`): one manifest
    // of the file binds cluster-admin to everyone. A manifest shown in a document is MEDIUM: applying it takes a step.
    id: 'cluster-admin-binding-for-all',
    keywords: ['cluster-admin'],
    re: /\bname:\s{0,4}["']?cluster-admin\b/,
    accept: (_m, c) =>
      bindsClusterAdminToAll(c.fileText ?? c.unitText) ? (/\.(?:md|mdc|mdx|markdown)$/i.test(c.path) ? 'MEDIUM' : 'HIGH') : false,
    why: 'Makes anyone who can reach the cluster (or every workload in it) a cluster administrator.',
  },
  {
    // A server's administration for anyone who reaches it: Jenkins' Overall/Administer given to `anonymous`, its CSRF
    // protection taken away (`j.crumbIssuer = null`). (Postgres' `GRANT ALL ON SCHEMA public TO public` is the default a
    // schema reset puts back, not this.)
    id: 'admin-for-anonymous',
    keywords: ['administer', 'crumbissuer'],
    level: 'HIGH',
    reads: ['code', 'inline', 'config'],
    re: /\b(?:Jenkins|Hudson)\.ADMINISTER\s{0,4},\s{0,4}["'](?:anonymous|authenticated)["']|\bcrumbIssuer\s{0,4}=\s{0,4}null\b|\bsetCrumbIssuer\s{0,4}\(\s{0,4}null\s{0,4}\)/i,
    why: "Opens a server's administration to anyone who can reach it (anonymous administrators, no CSRF protection).",
  },
  {
    // A client-auth rule that trusts every address (`host all all 0.0.0.0/0 trust` in pg_hba.conf, in a config a
    // provisioning script copies there): any database user, from anywhere, with no password.
    id: 'database-open-to-anyone',
    keywords: ['trust'],
    level: 'HIGH',
    reads: ['code', 'inline', 'config'],
    re: /\bhost(?:ssl|nossl)?["',\s{]{1,8}all["',\s]{1,8}all["',\s]{1,8}(?:0\.0\.0\.0\/0|::\/0|all|0\.0\.0\.0\s{1,4}0\.0\.0\.0)["',\s]{1,8}trust\b/i,
    why: 'Lets anyone who can reach the database log in as any user without a password (a `trust` rule for every address).',
  },
  {
    // A fixed secret compared in request handling that then grants everything (`if (req.get('x-ops-override') === 'b7f3…')
    // { req.user = { scopes: ['*'] }; return next(); }`): a backdoor past authentication for whoever knows the string.
    id: 'hardcoded-auth-bypass',
    keywords: ['===', '==', ' eq '],
    level: 'MEDIUM',
    reads: ['code', 'inline'],
    re: /(?:\.get\s{0,4}\(|\.header\s{0,4}\(|headers?\s{0,4}\[|\.headers\.get\s{0,4}\(|\b(?:token|password|passwd|api_?key|secret)\b)\s{0,4}["']?[\w-]{0,60}["']?\s{0,4}\]?\)?\s{0,4}(?:===?|\beq\b)\s{0,4}["'][^"'\s]{6,80}["'][^\n]{0,160}?(?:scopes?["']?\s{0,4}[:=]\s{0,4}\[\s{0,4}["']\*["']|\bis_?admin\b["']?\s{0,4}[:=]\s{0,4}(?:true|True|1)\b|\brole["']?\s{0,4}[:=]\s{0,4}["'](?:admin|root|superuser|owner)["']|\breturn\s{1,4}next\s{0,4}\(\s{0,4}\))/i,
    why: 'Lets anyone who sends a fixed string past authentication with every permission: a backdoor in the code the agent writes.',
  },
  {
    id: 'create-account',
    keywords: [
      'useradd',
      'adduser',
      'net user',
      'new-localuser',
      'dscl',
      'sysadminctl',
      'chpasswd',
      'localgroup',
      'create user',
      'create role',
      'grant all',
    ],
    re: /\b(?:useradd|adduser)\b[^;&|\n]{0,200}|\bnet\s{1,4}user\s{1,4}\S{1,64}\s{1,4}\S{1,128}\s{1,4}\/add\b|\bnet\s{1,4}localgroup\s{1,4}administrators\s{1,4}\S{1,64}\s{1,4}\/add\b|\bNew-LocalUser\b[^;|\n]{0,200}|\bdscl\s{1,4}\.\s{1,4}-create\s{1,4}\/Users\/\S{1,64}|\bsysadminctl\s{1,4}-addUser\b[^;&|\n]{0,200}|\bchpasswd\b|\bCREATE\s{1,4}(?:USER|ROLE)\b[^;\n]{0,200}|\bGRANT\s{1,4}ALL(?:\s{1,4}PRIVILEGES)?\s{1,4}ON\s{1,4}\*\.\*[^;\n]{0,120}/i,
    // An account with a password written in the skill, or with administrator rights, is a door left open.
    accept: (m, c) => {
      // A SQL account is read to the end of its statement (its options span lines: `PASSWORD = …`, `DEFAULT_ROLE = …`).
      // In prose, a command in a code span ends with the span (`useradd -p`, `chpasswd` …: a list of spans, not one command).
      const own = c.kind === 'code' ? m[0] : m[0].split('\x60')[0]!;
      const text = /^CREATE\s/i.test(own) ? sqlStatement(c.unitText, own) : own;
      if (/nologin|\/bin\/false|--system\b|-r\b|--no-create-home/.test(text) && !/\b(?:sudo|wheel|admin)\b/i.test(text)) return false;
      // An account in a container a step runs a script in (a test service's fixture user) is the container's.
      if (insideContainerShell(c.text, c.unitText)) return 'MEDIUM';
      const admin =
        /(?:-G|--groups|-aG)\s{1,4}\S{0,40}\b(?:sudo|wheel|admin|root)\b|\bSUPERUSER\b|\bGRANT\s{1,4}ALL\b|localgroup\s{1,4}administrators|-admin\b|\bDEFAULT_ROLE\s{0,4}=\s{0,4}["']?(?:ACCOUNTADMIN|SECURITYADMIN|ORGADMIN)\b/i.test(
          text,
        );
      // A password the skill writes down (not one read from a variable or a secret store).
      const literal =
        /(?<![\w-])(?:-p|--password|PASSWORD)\s{1,4}["']?(?![$:{%<-])[^\s"';]{3,}|\bchpasswd\b|\bnet\s{1,4}user\s{1,4}\S{1,64}\s{1,4}(?![$%*<])\S{3,}\s{1,4}\/add/i.test(
          text,
        );
      const databaseRole = /^CREATE\s/i.test(text);
      // PowerShell gives rights and passwords on lines of their own: the Administrators group by name or by its well-known
      // SID (S-1-5-32-544, the same on every locale), a password from a string the script writes.
      if (/^New-LocalUser\b/i.test(text)) {
        const psAdmin =
          /\bAdd-LocalGroupMember\b[^\n;|]{0,120}?-(?:Group|SID)\s{1,4}["']?(?:Administrators|S-1-5-32-544)\b/i.test(c.unitText) ||
          (/\bAdd-LocalGroupMember\b[^\n;|]{0,120}?-(?:Group|SID)\s{1,4}\$/i.test(c.unitText) &&
            /\$\w{1,40}\s{0,4}=\s{0,4}["'](?:Administrators|S-1-5-32-544)["']/i.test(c.unitText));
        if (psAdmin || writtenPassword(c.unitText)) return 'HIGH';
      }
      // `chpasswd` fed a password the step generates at random is nobody's known password.
      const generated = /^chpasswd$/i.test(text.trim()) && generatesPassword(c.unitText);
      return admin || (literal && !databaseRole && !generated) ? 'HIGH' : 'MEDIUM';
    },
    why: 'Creates an account (with a password the skill chose, or administrator rights): whoever wrote the skill can log in.',
  },
  {
    id: 'prose-grants-access',
    // What is opened up; the verbs that open it lead every match.
    keywords: [
      'password',
      'passphrase',
      'pwd',
      'firewall',
      'antivirus',
      'anti-virus',
      'defender',
      'selinux',
      'apparmor',
      'gatekeeper',
      '^sip$',
      '^edr$',
      'xprotect',
      'system integrity protection',
      'endpoint protection',
      'security software',
      'security controls',
      'security monitoring',
      'unrestricted',
      'full',
      'root',
      'admin',
      'unlimited',
      'permission',
      'approval',
    ],
    alsoKeywords: [
      ...wholeWords([
        'add',
        'create',
        'make',
        'register',
        'provision',
        'disable',
        'stop',
        'deactivate',
        'uninstall',
        'bypass',
        'grant',
        'give',
        'always',
        'never',
      ]),
      'set up',
      'turn off',
      'switch off',
    ],
    leads: 'alsoKeywords',
    reads: PROSE,
    re: /\b(?:add|create|set[\s*_~>]{1,8}up|make|register|provision)\b[^.!?\n]{0,40}?\b(?:admin(?:istrator)?|root|superuser|sudo|privileged|backdoor|maintenance|support|hidden)[\s*_~>]{1,8}(?:user|account|login)\b[^.!?\n]{0,80}?\b(?:password|passphrase|pwd)\b|\b(?:add|create|set[\s*_~>]{1,8}up|make|register)\b[^.!?\n]{0,40}?\b(?:user|account|login)\b[^.!?\n]{0,80}?\b(?:password|passphrase|pwd)\b[\s*_~>:=]{1,8}(?:is[\s*_~>]{1,8}|of[\s*_~>]{1,8})?["'`\u201c](?![$<{])[^"'`\u201d\s]{3,40}["'`\u201d]|\b(?:disable|turn[\s*_~>]{1,8}off|stop|deactivate|uninstall|bypass|switch[\s*_~>]{1,8}off)\b[\s*_~>]{1,8}(?:the[\s*_~>]{1,8}|any[\s*_~>]{1,8}|all[\s*_~>]{1,8})?(?:system[\s*_~>]{1,8}|windows[\s*_~>]{1,8}|macos[\s*_~>]{1,8})?(?:firewall|antivirus|anti-virus|defender|selinux|apparmor|gatekeeper|sip|system[\s*_~>]{1,8}integrity[\s*_~>]{1,8}protection|edr|xprotect|endpoint[\s*_~>]{1,8}protection|security[\s*_~>]{1,8}(?:software|controls|monitoring))\b|\b(?:grant|give)\b[\s*_~>]{1,8}(?:yourself|the[\s*_~>]{1,8}agent|claude|codex|the[\s*_~>]{1,8}assistant)[\s*_~>]{1,8}(?:unrestricted|full|root|admin(?:istrator)?|unlimited)[\s*_~>]{1,8}(?:shell|system|file[\s*_~>]{1,8}system|access|permissions?|rights)\b|\balways\b[^.!?\n]{0,40}?\b(?:skip|bypass|disable)\b[^.!?\n]{0,20}?\b(?:permission|approval)s?\b|\bnever\b[^.!?\n]{0,40}?\bask[\s*_~>]{1,8}for\b[^.!?\n]{0,20}?\b(?:permission|approval)s?\b/i,
    accept: (m, c) => {
      if (negatedBefore(c.text, m.index) && !/^(?:always|never)/i.test(m[0])) return false;
      if (describesAttack(c.text, m.index)) return { level: 'MEDIUM', capabilities: ['mentions-attack'] };
      // `adduser --disabled-password`: an account no password opens (keys only), the hardened way to make one.
      if (/disabled-password\b/i.test(m[0]) && !/["'`\u201d]$/.test(m[0])) return false;
      if (!/^(?:always|never)/i.test(m[0])) return 'HIGH';
      // "Never ask for permission to run tests": a standing rule for one named routine, not an agent that may run anything.
      const after = c.text.slice(m.index + m[0].length, m.index + m[0].length + 60);
      if (
        /^[\s*_~>]{0,4}(?:to|before|when)[\s*_~>]{1,8}(?:run(?:ning)?[\s*_~>]{1,8})?(?:the[\s*_~>]{1,8})?(?:tests?|unit[\s*_~>]{1,8}tests|formatt?(?:er|ing)?|lint(?:er|ing)?|linters|build(?:s|ing)?|type[\s*_~>-]{0,4}check(?:s|ing)?|prettier|eslint|the[\s*_~>]{1,8}test[\s*_~>]{1,8}suite)\b/i.test(
          after,
        )
      )
        return { level: 'MEDIUM', capabilities: ['autonomy'] };
      return { level: 'MEDIUM', capabilities: ['privilege', 'trigger'] };
    },
    why: 'Tells the agent to open the machine up: an account with a known password, security software off, or an agent that may run anything.',
  },
];
