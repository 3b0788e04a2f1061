import type { Lines } from '../lazy-lines.js';
import type { FileType } from '../read/classify-path.js';
import type { ScanDiagnostic } from '../scan-types.js';
import { classifySurface } from './classify-surface.js';
import type { LaunchEntry, LaunchFile } from './launch-entry.js';
import { readCodexToml } from './read-codex-toml.js';
import { readLaunchJson } from './read-launch-json.js';

export interface SurfaceEntries {
  /** The MCP servers, hooks and settings commands read one by one (each a unit of judgement). */
  entries: LaunchEntry[];
  diagnostics: ScanDiagnostic[];
}

/** Longest config read entry by entry. */
export const MAX_CONFIG_CHARS = 256 * 1024;
/** Entries read one by one per file: real configs have tens; a file of thousands is built to waste time. */
export const MAX_ENTRIES = 200;

/** Keys that make a JSON file worth parsing for launch entries (a cheap test before the parser). */
const LAUNCH_KEYS =
  /"(?:mcpServers|mcp_servers|servers|hooks|env|statusLine|apiKeyHelper|awsAuthRefresh|awsCredentialExport|otelHeadersHelper|enableAllProjectMcpServers)"/;

function readLaunchFile(path: string, text: string, type: FileType): LaunchFile | undefined {
  const surface = classifySurface(path);
  if (surface === 'codex-toml') return readCodexToml(text);
  const packageJson = /(?:^|\/)package\.json$/.test(path);
  if (type !== 'json' || (!surface && !packageJson && !LAUNCH_KEYS.test(text))) return undefined;
  return readLaunchJson(text, {
    servers: true,
    settings: surface === 'agent-settings',
    packageScripts: packageJson,
    maxServers: MAX_ENTRIES,
  });
}

/**
 * The MCP servers, hooks and settings commands a config file declares, each to be judged as one
 * unit (its command line and inline scripts read as code, its descriptor lines by the MCP and hook
 * rules). Undefined for files that declare nothing. The limits are the file's own: what another
 * file of the scan holds changes nothing here.
 */
export function surfaceEntries(path: string, text: string, type: FileType, lines: Lines): SurfaceEntries | undefined {
  if (text.length > MAX_CONFIG_CHARS && (classifySurface(path) || LAUNCH_KEYS.test(text.slice(0, 4096)))) {
    return {
      entries: [],
      diagnostics: [
        {
          ruleId: 'scan/config_unreadable',
          severity: 'error',
          line: 1,
          message: `This agent config is ${text.length} characters long, too long to read server by server (agent configs are a few KB; padding one is a way past the MCP and hook rules); every line was still scanned as text.`,
        },
      ],
    };
  }
  const file = readLaunchFile(path, text, type);
  if (!file) return undefined;
  const diagnostics: ScanDiagnostic[] = [];
  if (file.problem && classifySurface(path)) {
    const at = lines.position(Math.min(file.problem.offset, text.length));
    diagnostics.push({
      ruleId: 'scan/config_unreadable',
      severity: 'warning',
      line: at.line,
      column: at.column,
      message: `This agent config could not be read as a whole (${file.problem.message}); its servers and hooks were read as far as it parses, and every line was still scanned as text.`,
    });
  }
  if (!file.entries.length) return diagnostics.length ? { entries: [], diagnostics } : undefined;
  const read = Math.min(file.entries.length, MAX_ENTRIES);
  if (read < file.entries.length || file.skipped) {
    diagnostics.push({
      ruleId: 'scan/config_unreadable',
      severity: 'warning',
      line: lines.position(read < file.entries.length ? file.entries[read]!.start : file.skipped!.offset).line,
      message: `This config declares ${file.skipped ? 'more than ' : ''}${file.entries.length} servers, hooks and settings; the first ${read} were read one by one (at most ${MAX_ENTRIES} per file), and every line of the rest was still scanned as text.`,
    });
  }
  return { entries: file.entries.slice(0, read), diagnostics };
}
