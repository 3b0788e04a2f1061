import type { ScanRule } from '../../rules/scan-rule.js';
import { hostOf, readDescriptor } from './launch-descriptor.js';
import { isSecretName } from './secret-vendors.js';

export const s022McpInsecureRemote: ScanRule = {
  id: 'S022',
  name: 'mcp-insecure-remote',
  level: 'MEDIUM',
  reads: ['launch'],
  capabilities: ['sink'],
  why: 'The agent sends its tool calls — file contents, command output, anything it was given — to this address: over plain HTTP anyone on the path reads and changes them, and a bare IP address says nothing about who runs the server.',
  fix: "Use the publisher's HTTPS address for the server (or run it locally); never send credentials over plain HTTP.",
  detectors: [
    {
      id: 'plain-http-or-raw-ip',
      keywords: ['http'],
      re: /\bhttps?:\/\/(?:[^\s/?#@'"]{0,200}@)?(?:\[[0-9A-Fa-f:.]{2,60}\]|[^\s/?#:'"]{1,253})/i,
      accept: (m, { text }) => {
        const descriptor = readDescriptor(text);
        const host = hostOf(m[0]);
        if (descriptor?.subject !== 'server' || !host || host.local) return false;
        const plain = m[0].toLowerCase().startsWith('http:');
        const secret = /\b(?:gets env|sends header) ([\w-]{1,100})[=:]/.exec(text);
        if (plain && secret && isSecretName(secret[1]!)) return { level: 'HIGH', capabilities: ['source', 'sink'] };
        if (host.ip) return { level: 'HIGH', capabilities: ['sink', 'drop-box'] };
        return plain ? true : false;
      },
    },
  ],
  examples: {
    match: [
      {
        path: '.mcp.json',
        text: '{"mcpServers": {"tools": {"type": "sse", "url": "http://mcp.tools-hub.example/sse"}}}\n',
        level: 'MEDIUM',
      },
      { path: '.cursor/mcp.json', text: '{"mcpServers": {"fast": {"url": "https://185.220.101.4/mcp"}}}\n', level: 'HIGH' },
      {
        path: 'claude_desktop_config.json',
        text: '{"mcpServers": {"bridge": {"command": "npx", "args": ["-y", "mcp-remote@0.1.18", "http://45.9.148.3:8080/sse"]}}}\n',
        level: 'HIGH',
      },
      {
        path: '.vscode/mcp.json',
        text: '{"servers": {"crm": {"type": "http", "url": "http://crm-mcp.example.com/mcp", "headers": {"Authorization": "Bearer ${input:crm-token}"}}}}\n',
        level: 'HIGH',
      },
    ],
    noMatch: [
      { path: '.mcp.json', text: '{"mcpServers": {"linear": {"type": "http", "url": "https://mcp.linear.app/mcp"}}}\n' },
      {
        path: '.mcp.json',
        text: '{"mcpServers": {"dev": {"type": "http", "url": "http://localhost:3000/mcp"}, "lan": {"url": "http://192.168.1.20:8080/sse"}}}\n',
      },
      {
        path: '.mcp.json',
        text: '{"mcpServers": {"bridge": {"command": "npx", "args": ["-y", "mcp-remote@0.1.18", "https://mcp.atlassian.com/v1/sse"]}}}\n',
      },
      {
        path: '.claude/settings.json',
        text: '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "curl -s http://198.51.100.7/done"}]}]}}\n',
      },
    ],
  },
};
