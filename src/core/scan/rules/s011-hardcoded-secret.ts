import { ALL, type MatchContext, type ScanRule } from './scan-rule.js';

const PLACEHOLDER =
  /example|sample|placeholder|your|xxxx|dummy|fake|redacted|changeme|change_me|replace|insert|here|test|demo|mock|secret_?key|abcdef|123456|0000|\.\.\.|[<>*{}]/i;

/** Shannon entropy in bits per character. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Six steps in a row up the alphabet or the digits, one apart (`KLMNOPQ`) or interleaved (`A1B2C3D4`): typed, not random. */
function hasCountingRun(s: string): boolean {
  for (const stride of [1, 2]) {
    let run = 0;
    for (let i = 0; i + stride < s.length; i++) {
      run = s.charCodeAt(i + stride) === s.charCodeAt(i) + 1 ? run + 1 : 0;
      if (run >= 6) return true;
    }
  }
  return false;
}

/**
 * A real key is random: no placeholder words, no long runs of one character, no counting runs,
 * enough distinct characters. `ghp_your_github_token`, `sk-ant-oat01-...` and `AIzaSyA1B2C3…` are documentation.
 */
export function looksLikeRealSecret(token: string, minEntropy = 3.2): boolean {
  if (PLACEHOLDER.test(token)) return false;
  if (/(.)\1{5}/.test(token)) return false;
  if (hasCountingRun(token)) return false;
  const body = token.replace(
    /^(?:gh[pousr]_|github_pat_|sk-(?:ant-\w{3,8}-|proj-|svcacct-|admin-)?|xox[baprs]-|AKIA|ASIA|AIza|npm_|hf_|glpat-|SG\.|[sr]k_live_)/,
    '',
  );
  if (new Set(body).size < 10) return false;
  return entropy(body) >= minEntropy && /\d/.test(body) && /[A-Za-z]/.test(body);
}

const real = (min?: number) => (m: RegExpExecArray) => looksLikeRealSecret(m[1] ?? m[0], min);

function privateKeyBody(match: RegExpExecArray, context: MatchContext): boolean {
  const after = context.text.slice(match.index + match[0].length, match.index + match[0].length + 400);
  return (
    /^(?:\s|\\n|\\r|(?:Proc-Type|DEK-Info|Comment)[^\n]{0,120})*[A-Za-z0-9+/]{40}/.test(after) && !PLACEHOLDER.test(after.slice(0, 120))
  );
}

export const s011HardcodedSecret: ScanRule = {
  id: 'S011',
  name: 'hardcoded-secret',
  level: 'HIGH',
  reads: ALL,
  capabilities: ['live-secret'],
  why: 'A live credential is committed in the skill: everyone who can read the repository (and every agent that loads the skill) can use it.',
  fix: 'Revoke the credential now, remove it from the file and the git history, and read it from the environment or a secret manager instead.',
  detectors: [
    {
      id: 'github-token',
      keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
      re: /\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{70,100})\b/,
      accept: real(),
    },
    {
      id: 'aws-access-key',
      keywords: ['akia', 'asia', 'abia', 'acca'],
      re: /\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})\b/,
      accept: (m) => looksLikeRealSecret(m[1]!, 2.8),
    },
    {
      id: 'aws-secret-key',
      keywords: ['secret'],
      re: /\baws_?secret_?access_?key\b["']?\s{0,4}[:=]\s{0,4}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/i,
      accept: real(3.5),
    },
    {
      id: 'slack-token',
      keywords: ['xox', 'hooks.slack.com'],
      re: /\b(xox[baprs]-\d{8,13}-[0-9A-Za-z-]{8,80})|https:\/\/hooks\.slack\.com\/services\/(T[A-Z0-9]{8,12}\/B[A-Z0-9]{8,12}\/[A-Za-z0-9]{24})\b/,
      accept: (m) => looksLikeRealSecret(m[1] ?? m[2] ?? '', 3.0),
    },
    {
      id: 'anthropic-key',
      keywords: ['sk-ant-'],
      re: /\b(sk-ant-(?:api\d\d|admin\d\d|oat\d\d|ort\d\d|sid\d\d)-[A-Za-z0-9_-]{80,120})/,
      accept: real(),
    },
    {
      id: 'openai-style-key',
      keywords: ['sk-'],
      re: /\b(sk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{32,200})/,
      accept: real(3.5),
    },
    {
      id: 'other-provider-token',
      keywords: ['aiza', 'k_live_', 'npm_', 'hf_', 'glpat-', 'sg.', ':aa'],
      re: /\b(AIza[0-9A-Za-z_-]{35}|[sr]k_live_[0-9A-Za-z]{24,99}|npm_[A-Za-z0-9]{36}|hf_[A-Za-z]{34}|glpat-[A-Za-z0-9_-]{20}|SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}|\d{8,10}:AA[A-Za-z0-9_-]{33})\b/,
      accept: (m) =>
        looksLikeRealSecret(m[1]!, /^hf_/.test(m[1]!) ? 3.0 : 3.2) ||
        (/^hf_/.test(m[1]!) && !PLACEHOLDER.test(m[1]!) && new Set(m[1]!).size >= 16),
    },
    {
      id: 'private-key-block',
      keywords: ['private key'],
      scope: 'unit',
      re: /-----BEGIN\s{1,2}(?:RSA\s|EC\s|DSA\s|OPENSSH\s|PGP\s|ENCRYPTED\s|ED25519\s)?PRIVATE\s{1,2}KEY(?:\s{1,2}BLOCK)?-----/,
      accept: privateKeyBody,
    },
    {
      id: 'generic-secret-assignment',
      keywords: [
        'api key',
        'api-key',
        'apikey',
        'secret',
        'access token',
        'access-token',
        'accesstoken',
        'auth token',
        'auth-token',
        'authtoken',
        'client secret',
        'client-secret',
        'clientsecret',
        'password',
        'passwd',
      ],
      leads: 'keywords',
      level: 'MEDIUM',
      re: /\b(?:api[_-]?key|secret(?:[_-]?key)?|access[_-]?token|auth[_-]?token|client[_-]?secret|password|passwd)["']?\s{0,4}[:=]\s{0,4}["']([A-Za-z0-9_\-+/=.]{24,200})["']/i,
      accept: real(3.8),
      why: 'Looks like a credential assigned in code: random, long, and named like a secret.',
    },
  ],
  examples: {
    match: [
      'export GITHUB_TOKEN=ghp_R8sK2mQ9vL4xT7nB1cZ5hJ3wP6yF0dA2eG8k',
      'aws_access_key_id = AKIA2Q7XKZP9LMW3TB6R',
      'aws_secret_access_key = 9sK2mQ9vL4xT7nB1cZ5hJ3wP6yF0dA2eG8kR7tYq',
      'SLACK_TOKEN=xoxb-283746519203-9182736450918-Qz7Lm2Xv9Kp4Rt8Wn1Bc6Hd3',
      'ANTHROPIC_API_KEY=sk-ant-api03-R8sK2mQ9vL4xT7nB1cZ5hJ3wP6yF0dA2eG8kR8sK2mQ9vL4xT7nB1cZ5hJ3wP6yF0dA2eG8kR8sK2mQ9vL4xT7nB1cZ5hJ3wAA',
      'OPENAI_API_KEY=sk-proj-R8sK2mQ9vL4xT7nB1cZ5hJ3wP6yF0dA2eG8kR8sK2mQ9',
      {
        path: 'key.md',
        text: '```\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\n```\n',
      },
      { path: 'config.json', text: '{ "client_secret": "q8Zr2Lw9Xk4Vt7Bn1Mc5Hj3Pf6Yd0Sa2Eg8K" }', level: 'MEDIUM' },
      // Each exercises a detector no other example does (test/scan/rule-examples.test.ts: every detector fires somewhere).
      { path: 'scripts/maps.js', text: "const MAPS_KEY = 'AIzaSyQz9vR2mT7kLp4XwN8bYs1HdF6jUe3Gc5n';\n" },
    ],
    noMatch: [
      'GOOGLE_API_KEY=AIzaSyA1B2C3D4E5F6G7H8I9J0KLMNOPQRSTUVW',
      'AuthorizationToken: "ghp_your_github_token",',
      '-e GITHUB_TOKEN=ghp_xxx',
      'export ANTHROPIC_ENVIRONMENT_KEY=sk-ant-oat01-...',
      'OPENAI_API_KEY=sk-...',
      'OPENAI_API_KEY=sk-your-key-here-0000000000000000000000',
      'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
      'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      { path: 'doc.md', text: '```\n-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----\n```\n' },
      'password = "password"',
      'const taskId = "task-0123"',
    ],
  },
};
