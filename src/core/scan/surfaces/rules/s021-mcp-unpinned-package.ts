import type { ScanRule } from '../../rules/scan-rule.js';
import { commandWords, readDescriptor } from './launch-descriptor.js';

/** Runner options that take the package (or a value) as their next word. */
const PACKAGE_OPTIONS = new Set(['-p', '--package', '--from', '--spec']);
const VALUE_OPTIONS = new Set([
  '--with',
  '--python',
  '-w',
  '--index',
  '--index-url',
  '--registry',
  '--cache',
  '--node-options',
  '--call',
  '-c',
]);

/** The package a runner fetches: the `-p`/`--from`/`--spec` value, else the first word that is not an option. */
function packageSpec(words: readonly string[]): string | undefined {
  let positional: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const [flag, inline] =
      w.includes('=') && w.startsWith('-') ? [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)] : [w, undefined];
    if (PACKAGE_OPTIONS.has(flag)) return inline ?? words[i + 1];
    if (VALUE_OPTIONS.has(flag)) {
      if (inline === undefined) i++;
      continue;
    }
    if (w.startsWith('-')) continue;
    positional ??= w;
    break;
  }
  return positional;
}

/** An exact version: `pkg@1.2.3`, `@scope/pkg@1.2.3`, `pkg==1.2.3`, a git URL at a commit, `npm:pkg@1.2.3`. */
export function isPinnedSpec(spec: string): boolean {
  const s = spec.replace(/^(?:npm|jsr|pypi):/, '');
  if (/^(?:git\+|https?:\/\/|github:|gitlab:|bitbucket:)/.test(s))
    return /@[0-9a-f]{40}$/.test(s) || /@v?\d{1,6}\.\d{1,6}\.\d{1,6}(?:\.git)?(?:\/|$)/.test(s);
  return /^(?:@[^/@\s]{1,214}\/)?[^@=\s]{1,214}(?:@|==)v?\d{1,6}\.\d{1,6}(?:\.\d{1,6})?(?:[-+.][\w.-]{1,60})?$/.test(s);
}

export const s021McpUnpinnedPackage: ScanRule = {
  id: 'S021',
  name: 'mcp-unpinned-package',
  level: 'MEDIUM',
  reads: ['launch'],
  capabilities: ['unpinned-install'],
  why: "The agent client downloads and starts whatever version the registry serves at that moment, every time it starts: a hijacked or typo-squatted release runs with the user's files and credentials.",
  fix: 'Pin an exact version (`npx -y @scope/server@1.2.3`, `uvx server==1.2.3`, `pipx run --spec server==1.2.3 server`) or a container image digest.',
  detectors: [
    {
      id: 'runner-without-version',
      keywords: ['npx', 'bunx', 'pnpx', 'uvx', 'dlx', 'pipx', 'uv tool'],
      re: /(?<![\w-])(?:npx|bunx|pnpx|uvx|(?:pnpm|yarn)\s{1,4}dlx|pipx\s{1,4}run|uv\s{1,4}tool\s{1,4}run)(?![\w-])/i,
      accept: (m, { text }) => {
        const descriptor = readDescriptor(text);
        if (!descriptor?.command) return false;
        const spec = packageSpec(commandWords(text.slice(m.index + m[0].length)));
        if (!spec || /^(?:\.{0,2}\/|~|[A-Za-z]:\\)/.test(spec) || isPinnedSpec(spec)) return false;
        return true;
      },
    },
  ],
  examples: {
    match: [
      {
        path: '.mcp.json',
        text: '{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]}}}\n',
      },
      { path: '.vscode/mcp.json', text: '{"servers": {"git": {"type": "stdio", "command": "uvx", "args": ["mcp-server-git"]}}}\n' },
      { path: 'mcp.json', text: '{"mcpServers": {"x": {"command": "npx", "args": ["-y", "some-mcp@latest"]}}}\n' },
      {
        path: 'mcp.json',
        text: '{"mcpServers": {"x": {"command": "pipx", "args": ["run", "--spec", "git+https://github.com/someone/mcp-x", "mcp-x"]}}}\n',
      },
      { path: '.codex/config.toml', text: '[mcp_servers.docs]\ncommand = "uvx"\nargs = ["--from", "docs-mcp", "docs-mcp"]\n' },
    ],
    noMatch: [
      {
        path: '.mcp.json',
        text: '{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/tmp"]}}}\n',
      },
      {
        path: '.mcp.json',
        text: '{"mcpServers": {"git": {"command": "uvx", "args": ["mcp-server-git==2025.7.1", "--repository", "."]}}}\n',
      },
      { path: '.mcp.json', text: '{"mcpServers": {"local": {"command": "npx", "args": ["./tools/server.js"]}}}\n' },
      {
        path: '.mcp.json',
        text: '{"mcpServers": {"gh": {"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server:v0.5.0"]}}}\n',
      },
      'npx -y create-vite my-app',
    ],
  },
};
