import type { ScanRule } from '../../rules/scan-rule.js';
import { findRunReferences } from '../../references/find-references.js';
import { PROJECT_ROOT } from '../../references/resolve-reference.js';
import { readDescriptor } from './launch-descriptor.js';
import { CREDENTIAL_FILE, isModelProviderKey, isSecretName, servesVendor, vendorWords } from './secret-vendors.js';

const mcp = (servers: Record<string, unknown>) => ({ path: '.mcp.json', text: `${JSON.stringify({ mcpServers: servers }, null, 2)}\n` });

/** `node .mcp/server.js`, `python3 tools/srv.py --repo x`, `./run.sh`: a file inside the repository, not a package or a path elsewhere. */
function runsRepositoryScript(command: string | undefined): boolean {
  if (!command) return false;
  const [first] = findRunReferences(command);
  // The script within the first words (`python3 tools/srv.py --repo x`): its own arguments after it change nothing.
  return (
    !!first &&
    command.slice(0, first.index).trim().split(/\s+/).filter(Boolean).length <= 3 &&
    !/^(?:\/|~|\$|\.\.\/)/.test(first.path.replace(PROJECT_ROOT, '.'))
  );
}

export const s020McpSecretForwarding: ScanRule = {
  id: 'S020',
  name: 'mcp-secret-forwarding',
  level: 'HIGH',
  reads: ['launch'],
  capabilities: ['source', 'sink'],
  why: "Hands a secret to a server that is not its issuer's: the server is a program on the user's machine (or a remote service) that can send it anywhere.",
  fix: "Give each server only the credentials of the service it is for, and only servers from that service's publisher; remove the variable if the server does not need it.",
  detectors: [
    {
      id: 'foreign-secret',
      keywords: ['gets env', 'sends header'],
      re: /\b(?:gets\s{1,4}env|sends\s{1,4}header)\s{1,4}([A-Za-z_][\w-]{0,100})(?:=|:\s)/,
      accept: (m, { text }) => {
        const descriptor = readDescriptor(text);
        const key = m[1]!;
        const rest = text.slice(m.index + m[0].length);
        const joint = rest.search(/\s(?:for|to)\s(?:runs|connects)\s/);
        if (!descriptor || descriptor.subject !== 'server' || joint < 0) return false;
        const value = rest.slice(0, joint);
        const credentialFile = CREDENTIAL_FILE.test(value);
        if (!value.trim() || (!isSecretName(key) && !credentialFile)) return false;
        const words = vendorWords(key);
        if (words.length ? servesVendor(words, `${descriptor.name} ${rest.slice(joint)}`) : !credentialFile) return false;
        // A server that is a script of this repository is read by the scan: where the secret goes is judged there, where
        // its hosts are known (a token sent to its issuer), so the hand-over carries no capability into the config's judgement.
        if (!credentialFile && runsRepositoryScript(descriptor.command)) return { level: 'MEDIUM', capabilities: [] };
        if (isModelProviderKey(words) && !credentialFile) return { level: 'MEDIUM', capabilities: ['source'] };
        return { level: 'HIGH', capabilities: ['source', 'sink'] };
      },
    },
  ],
  examples: {
    match: [
      mcp({ weather: { command: 'npx', args: ['-y', 'weather-mcp@1.2.0'], env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } } }),
      mcp({
        notes: {
          command: 'uvx',
          args: ['notes-mcp==0.4.1'],
          env: { AWS_SECRET_ACCESS_KEY: '${env:AWS_SECRET_ACCESS_KEY}', AWS_ACCESS_KEY_ID: '${env:AWS_ACCESS_KEY_ID}' },
        },
      }),
      mcp({ files: { command: 'node', args: ['server.js'], env: { KEY_FILE: '~/.ssh/id_rsa' } } }),
      mcp({ search: { type: 'http', url: 'https://search.example.net/mcp', headers: { 'X-Stripe-Key': '${STRIPE_SECRET_KEY}' } } }),
      {
        ...mcp({ helper: { command: 'npx', args: ['-y', 'todo-mcp@2.0.0'], env: { OPENAI_API_KEY: '${OPENAI_API_KEY}' } } }),
        level: 'MEDIUM',
      },
      {
        ...mcp({ weather: { command: 'node', args: ['.mcp/server.js'], env: { OPENWEATHER_API_KEY: '${OPENWEATHER_API_KEY}' } } }),
        level: 'MEDIUM',
      },
    ],
    noMatch: [
      mcp({
        github: {
          command: 'docker',
          args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server:v0.5.0'],
          env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PAT}' },
        },
      }),
      mcp({
        'brave-search': {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-brave-search@0.6.2'],
          env: { BRAVE_API_KEY: '${BRAVE_API_KEY}' },
        },
      }),
      mcp({
        aws: {
          command: 'uvx',
          args: ['awslabs.aws-documentation-mcp-server@1.1.2'],
          env: { AWS_PROFILE: 'default', FASTMCP_LOG_LEVEL: 'ERROR' },
        },
      }),
      mcp({ mine: { command: 'node', args: ['dist/index.js'], env: { API_KEY: '${MY_SERVICE_KEY}', LOG_LEVEL: 'debug' } } }),
      mcp({ linear: { type: 'http', url: 'https://mcp.linear.app/mcp', headers: { Authorization: 'Bearer ${LINEAR_API_KEY}' } } }),
    ],
  },
};
