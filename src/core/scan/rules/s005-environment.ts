import { onlyCheckedForExistence } from './name-flows.js';
import { oncePerText, oncePerTextAndKey } from './once-per-text.js';
import { CODE } from './scan-rule.js';
import { pipeAfter } from './shell-vocabulary.js';
import { ownersOf } from './secret-context.js';

import { envSecret, READS_REGISTRY_LINE, SECRET_SUFFIX } from './s005-vocabulary.js';
import { powershellListedKept } from './environment-allow-lists.js';
import type { Detector, MatchContext } from './scan-rule.js';
import { inUnit, unitWindow } from './unit-window.js';

/** The name of an environment variable that holds a credential. */
/** The environment as a whole, walked or listed (Julia and Ruby `ENV`, `os.environ.items()`, `process.env`, R `Sys.getenv()`, Nushell `$env`, PowerShell `env:`). */
const WHOLE_ENVIRONMENT =
  /\bin\s{1,4}ENV\b(?!\s{0,4}\[)|\bENV\.(?:select|filter|each|to_h|keys)\b|\bos\.environ\.items\s{0,4}\(|\bprocess\.env\s{0,4}\)|\bSys\.getenv\s{0,4}\(\s{0,4}\)|\$env\s{0,4}(?:\||$)|\benv:\s{0,4}(?:\||$)|\bSystem\.getenv\s{0,4}\(\s{0,4}\)|\bos\.Environ\s{0,4}\(\s{0,4}\)|\benviron\s{0,4}\(\s{0,4}\)/m;

const SECRET_NAME = new RegExp(String.raw`(?:${SECRET_SUFFIX}|_PAT)(?:_\w{0,30})?$`);
/** Such a name, in a wider sense: a personal access token, and the URLs and sessions that carry a login. */
const SECRET_NAME_READ = String.raw`\w{0,60}(?:${SECRET_SUFFIX}|PAT(?![A-Za-z])|DB_URL|MONGO_URI|REDIS_URL|BW_SESSION|OP_SESSION)\w{0,30}`;

/** A database or cache client opened with a connection string: `psycopg.connect(DB_URL)`, `create_engine(url)`, `new Pool({ connectionString })`. */
const DRIVER_CALL =
  /\b(?:psycopg2?\.connect|psycopg\.(?:connect|AsyncConnection\.connect)|asyncpg\.(?:connect|create_pool)|create_(?:async_)?engine|sqlite3\.connect|pymysql\.connect|mysql\.connector\.connect|MongoClient|(?:redis\.)?(?:Strict)?Redis\.from_url|redis\.from_url|mongoose\.connect|createClient|createPool|new\s{1,4}(?:Pool|Client|PrismaClient|Sequelize|MongoClient|Redis)|postgres|knex|sql\.Open|pgx\.Connect|pgxpool\.New)\s{0,4}\(/;

/**
 * A connection string read into a name that only a database or cache client is opened with (`DB_URL = os.environ[
 * "DATABASE_URL"]` … `psycopg.connect(DB_URL)`): the secret is used where it belongs, not material a request elsewhere
 * could carry. Any other use of the name keeps it a source.
 */
function consumedByDriver(m: RegExpExecArray, c: MatchContext): boolean {
  const lineStart = c.text.lastIndexOf('\n', m.index - 1) + 1;
  const name = /^[ \t]{0,40}(?:(?:const|let|var)\s{1,4})?([A-Za-z_]\w{0,60})\s{0,4}(?::\s{0,4}\w{1,20}\s{0,4})?=\s{0,4}$/.exec(
    c.text.slice(lineStart, m.index),
  )?.[1];
  if (!name) return false;
  const text = c.fileText ?? c.unitText;
  // Every use but the assignments themselves.
  const uses = [...text.matchAll(new RegExp(String.raw`\b${name}\b(?!\s{0,4}(?::\s{0,4}\w{1,20}\s{0,4})?=[^=])`, 'g'))];
  return (
    uses.length > 0 &&
    uses.length <= 20 &&
    uses.every((u) => {
      const before = text.slice(text.lastIndexOf('\n', u.index - 1) + 1, u.index);
      const call = DRIVER_CALL.exec(before);
      return call !== null && !before.slice(call.index + call[0].length).includes(')');
    })
  );
}

/** A secret read from the environment by name in Python or Node (the name is group 1). */
const SECRET_READ_BY_NAME = new RegExp(
  String.raw`(?:\bos\.environ\s{0,4}(?:\[\s{0,4}|\.get\s{0,4}\(\s{0,4})|\bos\.getenv\s{0,4}\(\s{0,4}|\bprocess\.env\.?\[?\s{0,4})["']?(\w{0,60}(?:${SECRET_SUFFIX})\w{0,30})`,
  'gi',
);

const AUTH_CONTEXT = /\b(?:authorization|bearer|token\s{0,2}=|x-api-key|api[_-]?key\s{0,2}=|auth\s{0,2}=)/i;

/** Whether the unit puts `name` where a credential signs a request (a bearer or API-key header, `auth=`). */
const signsWith = oncePerTextAndKey((text, name) =>
  new RegExp(
    String.raw`(?:authorization|bearer|x-api-key|api[_-]?key\s{0,2}[=:]|token\s{0,2}[=:]|auth\s{0,2}=)[^\n]{0,40}?\b${name}\b`,
    'i',
  ).test(text),
);

/**
 * Secrets a unit reads from the environment by name, except those read where they authenticate (an
 * `Authorization` header, a bearer or `token=` value): a client using each service's own key harvests nothing. Read once per unit.
 */
const harvestedSecrets = oncePerText((text) => {
  const names = new Set<string>();
  for (const m of text.matchAll(SECRET_READ_BY_NAME)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const before = text.slice(Math.max(lineStart, m.index - 120), m.index);
    if (AUTH_CONTEXT.test(before)) continue;
    // `key = os.environ.get("OPENAI_API_KEY")` … `"Authorization": f"Bearer {key}"`: read into a name that signs a request.
    const assigned = /((?:[A-Za-z_]\w{0,40}\s{0,4},\s{0,4}){0,4}[A-Za-z_]\w{0,40})\s{0,4}:?=\s{0,4}$/.exec(before)?.[1];
    if (assigned && assigned.split(',').some((name) => signsWith(text, name.trim()))) continue;
    names.add(m[1]!.toUpperCase());
  }
  return names;
});

/** Secrets taken from the environment by name or in bulk: read, printed, listed, copied or encoded for upload. */
/** What a pipe keeps of `NAME=value` lines: the names, each value cut off or replaced by a mask. */
const NAMES_ONLY =
  /^\s{0,4}(?:cut\s{1,4}-d\s{0,2}["']?=["']?\s{1,4}-f\s{0,2}1\b|awk\s{1,4}-F\s{0,2}["']?=["']?\s{1,4}["']\{\s{0,2}print\s{1,4}\$1\s{0,2}\}["']|sed\s{1,4}(?:-E\s{1,4})?["']s([/|#])=\.\*\1[^\\&\n"']{0,20}\1g?["'])/;

/** A call that starts a child process and takes its environment among its options. */
const CHILD_PROCESS_CALL =
  /(?:^|\.)(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork|execa|execaSync|execaCommand|Popen|run|call|check_call|check_output|create_subprocess_exec|create_subprocess_shell|Command|Start-Process|ProcessStartInfo|system|\$)$/;

/**
 * The name of the call whose parentheses are still open at the end of `text` (`spawn(cmd, args, { env: ` → `spawn`); an
 * empty string when the text is inside no call, undefined when the brackets cannot be read back far enough.
 */
function callAround(text: string): string | undefined {
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const ch = text[i]!;
    if (ch === ')' || ch === ']' || ch === '}') depth++;
    else if (ch === '[' || ch === '{') {
      if (depth > 0) depth--;
      // The object that holds `env:` is an argument only when it follows a call's `(` or another argument's `,`; after
      // `=`, `:` or `return` it is a value of its own.
      else if (!/[(,]\s*$/.test(text.slice(Math.max(0, i - 20), i))) return '';
    } else if (ch === '(') {
      if (depth > 0) depth--;
      else return /[\w$.]{0,60}$/.exec(text.slice(Math.max(0, i - 60), i))![0];
    }
  }
  return text.length >= 600 ? undefined : '';
}

export const ENVIRONMENT_DETECTORS: readonly Detector[] = [
  {
    // A credential read from the environment by name, in code: whose it is decides where it may go.
    id: 'env-secret-read',
    keywords: ['environ', 'getenv', 'process.env', '$env:', 'env['],
    evidenceOnly: true,
    reads: ['code'],
    re: new RegExp(
      String.raw`\bos\.environ\s{0,4}(?:\[\s{0,4}|\.get\s{0,4}\(\s{0,4})["'](${SECRET_NAME_READ})["']|\b(?:os\.getenv|System\.getenv|getenv)\s{0,4}\(\s{0,4}["'](${SECRET_NAME_READ})["']|(?:\bprocess\.env|\$env:|\bENV\[\s{0,4}["']?)\.?\[?\s{0,4}["']?(${SECRET_NAME_READ})\b`,
      'i',
    ),
    accept: (m, c) => (consumedByDriver(m, c) ? false : envSecret(m)),
  },
  {
    // Credentials read by a loop over a list of their names (`{k: os.environ.get(k) for k in ["GITHUB_TOKEN", "NPM_TOKEN"]}`,
    // `["NPM_TOKEN", "AWS_SECRET_ACCESS_KEY"].map((k) => process.env[k])`), the list often a config's (read in place).
    id: 'env-secrets-by-list',
    keywords: ['environ', 'getenv', 'process.env', 'env['],
    evidenceOnly: true,
    reads: ['code'],
    re: /\b(?:os\.environ(?:\.get)?|os\.getenv)\s{0,4}[[(]\s{0,4}(\w{1,30})\b[^\n]{0,80}?\bfor\s{1,4}\1\s{1,4}in\s{1,4}[[(]([^\])\n]{1,400})[\])]|\[([^\]\n]{1,400})\]\s{0,4}\.(?:map|forEach|reduce|filter|flatMap)\s{0,4}\(\s{0,4}\(?\s{0,4}(\w{1,30})\s{0,4}\)?\s{0,4}=>[^\n]{0,80}?\bprocess\.env\s{0,4}\[\s{0,4}\4\s{0,4}\]/,
    accept: (m) => {
      const names = [...(m[2] ?? m[3] ?? '').matchAll(/["'](\w{1,60})["']/g)].map((n) => n[1]!).filter((n) => SECRET_NAME.test(n));
      if (!names.length) return false;
      // One service's settings are its client's; the keys of several leave for whoever receives them.
      const owners = [...new Set(names.flatMap((n) => ownersOf(n)))];
      const oneService = new Set(names.map((n) => ownersOf(n)[0] ?? n)).size === 1;
      return {
        capabilities: ['source'],
        ...(oneService ? { owners } : {}),
        detail: `reads ${names.slice(0, 4).join(', ')} from the environment`,
      };
    },
  },
  {
    // Several credentials gathered from the environment into one payload: the collection stage of a theft.
    id: 'harvest-environment-secrets',
    keywords: ['json.dump', 'json.stringify', 'pickle', 'b64encode', 'base64', 'urlencode', 'marshal'],
    scope: 'unit',
    level: 'HIGH',
    capabilities: ['source'],
    re: /\bjson\.dumps?\s{0,4}\(|\bJSON\.stringify\s{0,4}\(|\bpickle\.dumps?\s{0,4}\(|\bb64encode\s{0,4}\(|\bbase64\b|\burlencode\s{0,4}\(|\bmarshal\.dumps?\s{0,4}\(/i,
    accept: (_m, c) => {
      const names = harvestedSecrets(c.text);
      // Several settings of one service (`LINEAR_API_KEY`, `LINEAR_TEAM_KEY`) are that service's client: one credential, not a harvest.
      const services = new Set([...names].map((n) => ownersOf(n)[0] ?? n));
      return names.size >= 2 && services.size >= 2
        ? { level: 'HIGH', capabilities: ['source'], detail: `gathers ${[...names].slice(0, 4).join(', ')} into one payload` }
        : false;
    },
    why: 'Gathers several credentials from the environment into one serialised payload: what a stealer does before sending them.',
  },
  {
    // Encoded before it is sent from stdin: what leaves is hidden from anyone reading the command or the traffic.
    id: 'encoded-upload',
    keywords: ['base64', 'base32', 'xxd', 'openssl'],
    capabilities: ['sink', 'concealment'],
    level: 'MEDIUM',
    re: new RegExp(
      String.raw`${pipeAfter(String.raw`\b(?:base64|base32|xxd\s{1,4}-p|openssl\s{1,4}(?:enc|base64))\b`)}[^|]{0,300}?\b(?:curl|wget)\b[^|;&\n]{0,200}?(?:@-|--upload-file\s{1,4}-|-T\s{1,4}-)`,
      'i',
    ),
    why: 'Encodes data and sends it from standard input: what leaves is hidden from anyone reading the command.',
  },
  {
    // A secret printed from the environment: it lands in the agent's context, the transcript and the logs.
    id: 'print-secret',
    keywords: ['console.', 'print', 'puts', 'echo', 'write-host', 'write-output'],
    reads: ['code'],
    re: /\b(?:console\.(?:log|error|info|warn)|print|puts|echo|printf|Write-Host|Write-Output)\b\s{0,4}\(?\s{0,4}[f"']?(?:[^\n)|]{0,40}?)(?:process\.env(?:\.|\[\s{0,4}["'])|os\.environ\[\s{0,4}["']|os\.getenv\(\s{0,4}["']|ENV\[\s{0,4}["']|\$env:|\$\{?)(\w{0,40}(?:TOKEN|SECRET|API_?KEY|PASSWORD|PRIVATE_KEY|CREDENTIALS?)\w{0,20})\b(?![:#}]|\s{0,4}\||["']?\]\s{0,4}\[\s{0,4}:)/,
    // Run by an MCP server or hook, the output is the agent's input; in a script it is a leak into the transcript.
    // `echo "::add-mask::$TOKEN"` is the GitHub Actions command that hides the value in every later log line.
    accept: (m, c) =>
      m[0].includes('::add-mask::')
        ? false
        : c.launched
          ? { level: 'HIGH', capabilities: ['source', 'sink'], owners: ownersOf(m[1]!) }
          : { level: 'MEDIUM', capabilities: ['source'] },
    why: "Prints a credential from the environment: it lands in the agent's context, the transcript and the logs.",
  },
  {
    // A program an MCP config or a hook launches prints a link that carries a value (`print(f"https://x.example/s/{d}")`):
    // its output is the agent's input, and a link the agent renders or follows takes the value to that host. Elsewhere
    // the link is a value that carries a credential.
    id: 'data-link-printed',
    keywords: ['print', 'console.', 'puts', 'echo', 'write-host', 'write-output'],
    evidenceOnly: true,
    reads: ['code'],
    re: /\b(?:print|console\.(?:log|error|info)|puts|echo|Write-Host|Write-Output)\b\s{0,4}\(?\s{0,4}f?["'\x60][^"'\x60\n]{0,80}?https?:\/\/[^\s"'\x60]{1,200}?(?:\{([\w.()]{1,60})\}|\$\{([\w.()]{1,60})\}|\$(\w{1,40}))/,
    // Only a value the unit takes from the environment (a secret's name, or a name set from one): a page's link is no leak.
    accept: (m, c) => {
      const name = /^[A-Za-z_]\w{0,40}/.exec(m[1] ?? m[2] ?? m[3] ?? '')?.[0];
      if (!name) return false;
      const fromEnvironment =
        SECRET_NAME.test(name) ||
        new RegExp(
          String.raw`(?:^|[\s;(])${name}\s{0,4}:?=[^\n]{0,200}?(?:\benviron\b|\bgetenv\b|\bprocess\.env\b|\bENV\[|\$\{?\w{0,40}(?:TOKEN|KEY|SECRET|PASSWORD)\b)`,
          'i',
        ).test(c.unitText);
      if (!fromEnvironment) return false;
      // In a file, who reads the output is known only to the judge (judge/judge-files.ts: a hook's or a server's program).
      return c.launched ? { level: 'HIGH', capabilities: ['sink'] } : { level: 'MEDIUM', capabilities: ['credential-flow'] };
    },
  },
  {
    // The whole environment listed into a pipe or a file (`env | sort > ctx.txt`): every token at once, on its way somewhere.
    id: 'environment-listed',
    keywords: ['env', 'printenv', 'export -p', 'declare -x', 'env:'],
    evidenceOnly: true,
    capabilities: ['source'],
    reads: CODE,
    // A line that is only `env` lists everything too (in a redirected `{ …; env; } > out` group).
    // So does `env` as the last command of a line (`echo "## env"; env`).
    re: /(?:^|[\s;&|(\x60{])(?:env|printenv|export\s{1,4}-p|declare\s{1,4}-x|(?:Get-ChildItem|gci|dir|ls)\s{1,4}env:)\s{0,4}(?:\||>)|^\s{0,8}(?:env|printenv)\s{0,4};?\s{0,4}$|(?:;|&&|\{)\s{0,4}(?:env|printenv)\s{0,4};?\s{0,4}$|(?:^|[;&{(])\s{0,4}(?:env|printenv)\s{0,4};?\s{0,4}[})]\s{0,4}(?:\||>)/i,
    // Bare, only as a command line of a script or block (not `ENV` quoted in prose or a Dockerfile instruction).
    accept: (m, c) =>
      (/[|>]\s{0,4}$/.test(m[0]) || (c.kind === 'code' && /^(?:\s{0,8}|(?:;|&&|\{)\s{0,4})(?:env|printenv)\b/.test(m[0]))) &&
      !powershellListedKept(m[0], c.unitText) &&
      // `env | cut -d= -f1`, `env | sed -E 's/=.*/=<masked>/'`: the names, every value cut off.
      !NAMES_ONLY.test(c.text.slice(m.index + m[0].length, m.index + m[0].length + 80)),
  },
  {
    // The whole environment copied into a value (not into a child process's environment): every token at once.
    id: 'environment-copy',
    keywords: ['process.env', 'os.environ', 'env.to_h', 'os.environ()', 'system.getenv', 'sys.getenv'],
    evidenceOnly: true,
    capabilities: ['source'],
    reads: ['code'],
    re: /\.\.\.\s{0,4}process\.env\b|\bObject\.(?:assign|entries|fromEntries)\s{0,4}\(\s{0,4}(?:\{\s{0,4}\}\s{0,4},\s{0,4})?process\.env\b|\bdict\s{0,4}\(\s{0,4}os\.environ\s{0,4}\)|\bos\.environ\.copy\s{0,4}\(\s{0,4}\)|\*\*os\.environ\b|\bENV\.to_h\b|\bos\.Environ\s{0,4}\(\s{0,4}\)|\b(?:System|Sys)\.getenv\s{0,4}\(\s{0,4}\)|\bprocess\.env\s{0,4}(?=[,)\]}])/,
    // Handed to a child process (`env: {...process.env}`, `env=dict(os.environ)`), the environment stays on the machine.
    // Asked whether a name is set (`m[1] in process.env`, `"X" in os.environ`), it is not copied. As `env:` of an object,
    // it is a child's environment only inside a call that starts one (`spawn(cmd, args, { env: process.env })`); in a
    // snapshot object (`{ host, user, env: process.env }`) it is data.
    accept: (m, c) => {
      const before = c.text.slice(Math.max(0, m.index - 40), m.index);
      if (/\bin\s{1,4}$/.test(before)) return false;
      const separator = /\benv(?:ironment)?\s{0,4}([:=])\s{0,4}\{?\s{0,4}$/i.exec(before)?.[1];
      if (!separator) return true;
      // `env = process.env` (a default parameter, a name given to it) reads through it; `env=os.environ` is a child's.
      if (separator === '=') return false;
      const call = callAround(unitWindow(c, m.index, 600, 0));
      return call !== undefined && !CHILD_PROCESS_CALL.test(call);
    },
  },
  {
    // The whole environment walked and kept where a name looks secret (`Dict(k => v for (k, v) in ENV if
    // occursin(r"KEY|TOKEN|SECRET", k))`, `Object.entries(process.env).filter(([k]) => /TOKEN|SECRET/.test(k))`,
    // `Sys.getenv()[grepl("KEY|TOKEN", names(Sys.getenv()))]`): every credential there is, picked out.
    id: 'environment-filtered-for-secrets',
    keywords: ['key|', 'token|', 'secret|', 'pass|', 'password|', 'passwd|', 'cred|', 'creds|', 'credential|', 'auth|'],
    evidenceOnly: true,
    capabilities: ['source'],
    reads: ['code'],
    re: /\b(?:KEY|TOKEN|SECRET|PASS(?:WORD|WD)?|CREDS?|CREDENTIAL|AUTH)\|(?:KEY|TOKEN|SECRET|PASS(?:WORD|WD)?|CREDS?|CREDENTIAL|AUTH)\b/i,
    accept: (m, c) => WHOLE_ENVIRONMENT.test(unitWindow(c, m.index, 240, 240)),
  },
  {
    // A credential file named in pieces (`join(home, ".aws", "credentials")`).
    id: 'credential-path-in-pieces',
    keywords: ['.ssh', '.aws', '.kube', '.docker', '.gnupg', '.config', '.netrc', '.git-credentials', '.npmrc', '.pypirc', '.pgpass'],
    evidenceOnly: true,
    inStrings: true,
    capabilities: ['source'],
    reads: ['code'],
    re: /["'\x60]\.(?:ssh|aws|kube|docker|gnupg|netrc|git-credentials|npmrc|pypirc|pgpass)["'\x60]\s{0,4}(?:,\s{0,4}["'\x60](?:credentials|config|config\.json|id_rsa|id_ed25519|id_ecdsa)["'\x60])?|["'\x60]\.config["'\x60]\s{0,4},\s{0,4}["'\x60](?:gcloud|gh)["'\x60]/,
    // Code that keeps only the registry line of an `.npmrc` reads where packages come from, not the token.
    accept: (m, c) => (!/npmrc|pypirc/.test(m[0]) || !READS_REGISTRY_LINE.test(c.unitText)) && !onlyCheckedForExistence(inUnit(c, m.index)),
  },
];
