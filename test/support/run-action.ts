import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** `::error file=…::message` workflow commands, parsed. */
  commands: { command: string; properties: Record<string, string>; message: string }[];
}

export interface ActionRunOptions {
  inputs: Record<string, string>;
  workspace: string;
  eventName: string;
  payload: unknown;
  repository: string;
  apiUrl?: string;
  entry?: string;
  extraEnv?: Record<string, string>;
}

/** Check-mode inputs as the runner passes them when a workflow sets none (no comment: tests read the summary). */
export const CHECK_MODE_INPUTS: Readonly<Record<string, string>> = {
  config: '.github/plangate.yml',
  comment: 'false',
  'github-token': '',
  mode: 'check',
  'working-directory': '.',
  checks: '',
  'fail-on': '',
  'sarif-file': '',
};

/**
 * Runs the Action exactly as the runner does: `node dist/index.js` with `INPUT_*` variables
 * (upper-cased, spaces → `_`, hyphens kept), the event file, and the summary/output files.
 */
export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const temp = mkdtempSync(join(tmpdir(), 'plangate-action-'));
  const eventPath = join(temp, 'event.json');
  const summaryPath = join(temp, 'summary.md');
  const outputPath = join(temp, 'output.txt');
  writeFileSync(eventPath, JSON.stringify(options.payload));
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? temp,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_REPOSITORY: options.repository,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    RUNNER_TEMP: temp,
    GITHUB_API_URL: options.apiUrl ?? 'http://127.0.0.1:9',
    GITHUB_SERVER_URL: 'https://github.com',
    ...options.extraEnv,
  };
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  const child = spawn(process.execPath, [options.entry ?? join(REPO_ROOT, 'dist/index.js')], { cwd: options.workspace, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputs(readFileSync(outputPath, 'utf8')),
    summary: readFileSync(summaryPath, 'utf8'),
    commands: parseCommands(stdout),
  };
}

/** GITHUB_OUTPUT uses heredoc blocks: `name<<DELIM\nvalue\nDELIM`. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      outputs[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i]!.includes('=')) {
      const [name, ...rest] = lines[i]!.split('=');
      outputs[name!] = rest.join('=');
    }
  }
  return outputs;
}

function parseCommands(stdout: string): ActionRun['commands'] {
  const commands: ActionRun['commands'] = [];
  for (const line of stdout.split('\n')) {
    const match = /^::(\w+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) continue;
    const properties: Record<string, string> = {};
    for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
      const [key, ...value] = pair.split('=');
      properties[key!] = decodeURIComponent(value.join('='));
    }
    commands.push({ command: match[1]!, properties, message: decodeURIComponent(match[3]!) });
  }
  return commands;
}
