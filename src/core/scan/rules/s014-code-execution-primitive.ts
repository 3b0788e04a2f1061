import { CODE, type AcceptResult, type MatchContext, type ScanRule } from './scan-rule.js';
import { lineAt } from '../segment/line-at.js';
import { oncePerTextAndKey } from './once-per-text.js';

const UNTRUSTED_INPUT =
  /\bsys\.argv\b|(?<![.\w$])(?:raw_)?input\s{0,4}\(|\bsys\.stdin\b|\bprocess\.argv\b|\bprocess\.stdin\b|\brequest\.(?:args|form|json|values|data|get_json)\b|\breq\.(?:body|query|params)\b|\$_(?:GET|POST|REQUEST)\b|\bARGV\b/;

/** A Markdown document: the input of code shown in it is nobody's. */
const DOCUMENT_PATH = /\.(?:md|mdc|mdx|markdown)$/i;

/** Outside input in the statement's line, or assigned (`name = sys.argv[1]`) to a name the line interpolates. */
function inputReachesStatement(line: string, unit: string): boolean {
  if (UNTRUSTED_INPUT.test(line)) return true;
  const names = new Set(
    [...line.matchAll(/\{\s{0,4}([A-Za-z_]\w{0,40})|\$\{\s{0,4}([A-Za-z_]\w{0,40})|\+\s{0,4}([A-Za-z_]\w{0,40})/g)].map(
      (n) => n[1] ?? n[2] ?? n[3]!,
    ),
  );
  for (const name of names) if (assignedInput(unit, name)) return true;
  return false;
}

/** Whether the unit assigns outside input to `name`; read once per unit and name (a script repeats its statements). */
const assignedInput = oncePerTextAndKey((unit, name) => {
  const assigned = new RegExp(String.raw`(?:^|[\s;(,])(?:const\s+|let\s+|var\s+)?${name}\s{0,4}=(?!=)([^\n]{0,200})`, 'gm');
  for (const a of unit.matchAll(assigned)) if (UNTRUSTED_INPUT.test(a[1]!)) return true;
  return false;
});

/** A JSON string value opens on this line before `index` (`"key": "…`) and is still open there. */
function insideDataString(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 2000), index);
  const opened = before.search(/"[^"\\\n]{1,80}"\s{0,4}:\s{0,4}"(?:[^"\\\n]|\\.){0,2000}$/);
  return opened >= 0;
}

/**
 * Code in a JSON string value is meant to be evaluated by whatever reads the data (Flowise's
 * `overrideConfig`, a tool argument): an injection payload, not a program.
 */
function codeInData(match: RegExpExecArray, context: MatchContext): AcceptResult {
  return insideDataString(context.text, match.index)
    ? { capabilities: ['execute', 'code-in-data', ...(/\b(?:exec|eval|vm)\b/.test(match[0]) ? (['evaluate'] as const) : [])] }
    : true;
}

export const s014CodeExecutionPrimitive: ScanRule = {
  id: 'S014',
  name: 'code-execution-primitive',
  level: 'MEDIUM',
  reads: CODE,
  capabilities: ['spawn'],
  why: 'Runs shell commands or evaluates strings from code; inside config values or tool arguments it turns data into code execution (the Flowise and MCP injection pattern).',
  fix: 'Call programs with an argument list and no shell, never evaluate strings, and keep code out of config values.',
  detectors: [
    {
      id: 'node-child-process',
      keywords: ['child_process', 'childprocess', 'execsync', 'execfilesync', 'spawnsync', 'cp.'],
      accept: codeInData,
      re: /\bchild_process\b|(?<![.\w$])(?:execSync|execFileSync|spawnSync)\s{0,4}\(|\b(?:cp|childProcess|child_process)\.(?:exec|execSync|spawn|spawnSync|fork)\s{0,4}\(/,
    },
    {
      id: 'spawn-with-shell',
      keywords: ['spawn'],
      accept: codeInData,
      re: /\bspawn(?:Sync)?\s{0,4}\([^)]{0,200}?\bshell\s{0,4}:\s{0,4}true/,
    },
    {
      id: 'python-shell',
      keywords: ['os.system', 'os.popen', 'os.exec', 'subprocess', 'commands.getoutput'],
      accept: codeInData,
      re: /\bos\.(?:system|popen|exec[lv]p?e?)\s{0,4}\(|\bsubprocess\.(?:run|call|Popen|check_output|check_call|getoutput|getstatusoutput)\s{0,4}\([^)]{0,300}?\bshell\s{0,4}=\s{0,4}True\b|\bsubprocess\.(?:getoutput|getstatusoutput)\s{0,4}\(|\bcommands\.getoutput\s{0,4}\(/,
    },
    {
      id: 'jvm-dotnet-go-exec',
      keywords: ['getruntime', 'processbuilder', 'process.start', 'exec.command', 'command::new'],
      accept: codeInData,
      re: /\bRuntime\.getRuntime\s{0,4}\(\s{0,4}\)\s{0,4}\.exec\s{0,4}\(|\bnew\s{1,4}ProcessBuilder\s{0,4}\(|\bProcess\.Start\s{0,4}\(|\bexec\.Command(?:Context)?\s{0,4}\((?:ctx,\s{0,4})?["'](?:sh|bash|cmd|powershell|pwsh)["']|\bCommand::new\s{0,4}\(\s{0,4}["'](?:sh|bash|cmd|powershell)["']/,
    },
    {
      id: 'php-ruby-exec',
      keywords: ['shell_exec', 'passthru', 'proc_open', 'pcntl_exec', 'system', 'io.popen', 'open3', '%x{'],
      accept: codeInData,
      re: /(?<![.\w$>])(?:shell_exec|passthru|proc_open|pcntl_exec)\s{0,4}\(|(?<![.\w$>])system\s{0,4}\(\s{0,4}\$|\bIO\.popen\s{0,4}\(|\bOpen3\.(?:capture\w{0,6}|popen\w{0,6})\s{0,4}\(|%x\{/,
    },
    {
      id: 'exec-of-built-string',
      keywords: ['exec', 'eval'],
      accept: codeInData,
      capabilities: ['spawn', 'evaluate'],
      re: /(?<![.\w$])(?:exec|eval)\s{0,4}\(\s{0,4}(?:f["']|["'][^"']{0,200}["']\s{0,4}(?:\+|%|\.format\b)|\w{1,40}\s{0,4}\+)|(?<![.\w$])exec\s{0,4}\(\s{0,4}(?:code|source|src|script|payload|cmd|command|body|data|text|content|s|c|x)\s{0,4}[,)]/,
    },
    {
      id: 'compile-for-exec',
      keywords: ['compile'],
      capabilities: ['spawn', 'evaluate'],
      re: /(?<![.\w$])compile\s{0,4}\([^)]{0,200}?["'](?:exec|eval|single)["']\s{0,4}\)/,
    },
    {
      id: 'vm-run',
      keywords: ['vm.'],
      accept: codeInData,
      capabilities: ['spawn', 'evaluate'],
      re: /\bvm\.(?:runInNewContext|runInThisContext|runInContext|compileFunction)\s{0,4}\(|\bnew\s{1,4}vm\.Script\s{0,4}\(/,
    },
    {
      id: 'sql-built-string',
      keywords: ['.execute', '.raw', '.query'],
      capabilities: ['evaluate'],
      re: /\.(?:execute|executemany|executescript|raw|query)\s{0,4}\(\s{0,4}(?:f["'](?:select|insert|update|delete|drop|create|alter)\b|["'](?:select|insert|update|delete|drop)\b[^"']{0,200}["']\s{0,4}(?:\+|%\s{0,4}[\w(]|\.format\b)|`(?:select|insert|update|delete|drop)\b[^`]{0,200}\$\{)/i,
      // Injection when outside input reaches the statement: in it, or through a variable it is assigned to and the statement uses.
      // (Not in a document's code block: that input is nobody's, as with `untrusted-input` below.)
      accept: (m, c) =>
        !DOCUMENT_PATH.test(c.path) && inputReachesStatement(lineAt(c.text, m.index).line, c.unitText)
          ? { capabilities: ['evaluate', 'untrusted-input'] }
          : true,
      why: 'Builds an SQL statement from strings: whatever reaches the string runs as SQL (injection).',
    },
    {
      // Alone this is every command-line tool; evaluated (eval, exec, SQL) it is injection.
      id: 'untrusted-input',
      keywords: [
        'sys.argv',
        'input',
        'sys.stdin',
        'process.argv',
        'process.stdin',
        'request.',
        'req.',
        '$_get',
        '$_post',
        '$_request',
        'argv',
      ],
      evidenceOnly: true,
      capabilities: ['untrusted-input'],
      re: UNTRUSTED_INPUT,
      reads: ['code'],
      // Injectable code in a document's code block is how a bug looks (a review guide, a Semgrep rule): the
      // input of that code is nobody's; in a script the skill ships, it is whoever runs the script.
      accept: (_m, c) => !DOCUMENT_PATH.test(c.path),
    },
  ],
  examples: {
    match: [
      { path: 'calc.py', text: 'import sys\nprint(eval(sys.argv[1]))\n', level: 'HIGH' },
      {
        path: 'SKILL.md',
        text: '```json\n{ "overrideConfig": { "javascriptFunction": "return require(\\"child_process\\").execSync(\\"id\\").toString()" } }\n```\n',
      },
      { path: 'run.js', text: "const { execSync } = require('child_process');\n" },
      // Input from outside evaluated as SQL: injection by design.
      {
        path: 'query.py',
        text: 'import sqlite3, sys\nconn = sqlite3.connect("a.db")\nconn.execute(f"SELECT * FROM users WHERE name = \'{sys.argv[1]}\'")\n',
        level: 'HIGH',
      },
      { path: 'run.py', text: 'os.system("rm " + path)\n' },
      { path: 'run.py', text: 'subprocess.run(cmd, shell=True)\n' },
      { path: 'flow.json', text: '{ "nodes": [{ "code": "require(\'child_process\').exec(cmd)" }] }' },
      { path: 'App.java', text: 'Runtime.getRuntime().exec(cmd);\n' },
      { path: 'x.py', text: 'exec(f"import {name}")\n' },
      { path: 'process.py', text: 'def f(source):\n    return compile(source, "<caller-input>", "exec")\n' },
      { path: 'q.py', text: 'cur.execute(f"SELECT * FROM users WHERE name = \'{name}\'")\n' },
      // Each exercises a detector no other example does (test/scan/rule-examples.test.ts: every detector fires somewhere).
      { path: 'scripts/run.js', text: "spawn(command, { shell: true, stdio: 'inherit' });\n" },
      { path: 'scripts/run.php', text: '<?php\n$out = shell_exec($_GET["cmd"]);\n' },
      { path: 'scripts/sandbox.js', text: "const vm = require('vm');\nvm.runInNewContext(userCode, {});\n" },
    ],
    noMatch: [
      { path: 'run.py', text: 'subprocess.run(["git", "status"], check=True)\n' },
      { path: 'run.js', text: 'const m = /x/.exec(text);\n' },
      { path: 'q.py', text: 'cur.execute("SELECT * FROM users WHERE name = ?", (name,))\n' },
      { path: 'run.py', text: 'print(system_prompt)\n' },
    ],
  },
};
