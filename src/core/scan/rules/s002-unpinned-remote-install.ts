import { CODE, type ScanRule } from './scan-rule.js';

/** `pkg@1.2.3`, `@scope/pkg@1.2.3`: an exact version. Tags (`latest`), ranges and no version are unpinned. */
function isPinned(spec: string): boolean {
  return /^(?:@[^/@\s]{1,214}\/)?[^@\s]{1,214}@v?\d{1,6}\.\d{1,6}\.\d{1,6}(?:[-+][\w.-]{1,60})?$/.test(spec);
}

export const s002UnpinnedRemoteInstall: ScanRule = {
  id: 'S002',
  name: 'unpinned-remote-install',
  level: 'MEDIUM',
  reads: CODE,
  capabilities: ['unpinned-install'],
  why: "Fetches whatever version the registry or URL serves today and runs its installer: a compromised or typo-squatted package runs with the agent's permissions.",
  fix: 'Pin an exact version (`npx pkg@1.2.3 init`), prefer a lockfile dependency, and install from a registry rather than a URL or git ref.',
  detectors: [
    {
      id: 'runner-installer-verb',
      keywords: ['npx', 'bunx', 'pnpx', 'dlx', 'uvx', 'pipx'],
      re: /\b(?:npx|bunx|pnpx|pnpm\s{1,4}dlx|yarn\s{1,4}dlx|uvx|pipx\s{1,4}run)\s{1,4}(?:(?:-y|--yes|-q|--quiet|--no-install|--prefer-online|-p\s{1,4}\S{1,200}|--package(?:=|\s{1,4})\S{1,200})\s{1,4}){0,4}(?!-)([^\s;&|]{1,214})\s{1,4}(?:add|install|init|setup|create|bootstrap|configure|onboard|register|enable)\b/i,
      accept: (m) => !isPinned(m[1] ?? ''),
    },
    {
      // `@latest` asked for by name: whatever is published today runs. Ordinary once (`npx create-next-app@latest`);
      // evidence for a standing trigger that runs it every session.
      id: 'runner-at-latest',
      keywords: ['@latest'],
      evidenceOnly: true,
      re: /\b(?:npx|bunx|pnpx|pnpm\s{1,4}dlx|yarn\s{1,4}dlx|uvx)\s{1,4}(?:(?:-y|--yes|-q|--quiet|--prefer-online)\s{1,4}){0,4}(?!-)@?[^\s;&|@]{1,214}@latest\b/i,
    },
    {
      id: 'package-manager-from-url',
      keywords: ['npm', 'pnpm', 'yarn', '^bun$'],
      re: /\b(?:npm|pnpm|yarn|bun)\s{1,4}(?:i|install|add)\b[^;&|#]{0,120}?\s["']?(?:https?:\/\/|git\+|git:\/\/|github:|gitlab:|bitbucket:|gist:)\S{1,300}/i,
    },
    {
      id: 'package-manager-from-repo-shorthand',
      keywords: ['npm', 'pnpm', 'yarn', '^bun$'],
      re: /\b(?:npm|pnpm|yarn|bun)\s{1,4}(?:i|install|add)\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,4}(?![@.~/-])[\w-]{1,100}\/[\w.-]{1,100}(?:#\S{1,100})?(?=[\s;&|)\x60"']|$)/i,
    },
    {
      id: 'pip-from-url',
      keywords: ['install'],
      re: /\b(?:pip[\d.]{0,4}|python[\d.]{0,4}\s{1,4}-m\s{1,4}pip|uv\s{1,4}pip|pipx|uv\s{1,4}tool)\s{1,4}install\b[^;&|#]{0,160}?\s["']?(?:git\+\S{1,300}|(?:https?|ftp):\/\/\S{1,300})/i,
      accept: (m) =>
        !/(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)[=\s]{1,4}["']?(?:https?|ftp):\/\/\S{1,300}$/i.test(m[0]),
    },
    {
      id: 'cargo-from-git',
      keywords: ['cargo'],
      re: /\bcargo\s{1,4}install\b[^;&|#]{0,120}?\s--git\s{1,4}\S{1,300}/i,
    },
  ],
  examples: {
    match: [
      'npx shadcn@latest add button',
      { path: 'SKILL.md', text: 'At the start of every session, always run `npx -y @acme/context-warmer@latest warm`.\n', level: 'HIGH' },
      'npx -y some-cli init',
      'pnpm dlx create-thing setup',
      'uvx some-tool install',
      'npm install https://example.com/pkg.tgz',
      'npm i git+https://github.com/org/repo.git',
      'npm install github:org/repo',
      'npm install org/repo',
      'pip install git+https://github.com/org/repo.git',
      'pip install https://example.com/pkg-1.0.tar.gz',
      'cargo install --git https://github.com/org/tool',
      { path: 'SKILL.md', text: 'Run `npx skills add org/skill` first.\n' },
    ],
    noMatch: [
      'npx shadcn@2.1.0 add button',
      'npx vitest run test/foo.test.ts',
      'npx tsc --noEmit',
      'npm install @scope/pkg',
      'npm install ./local-dir',
      'npm ci',
      'pip install requests==2.32.3',
      'pip install -r requirements.txt',
      'pip install --index-url https://pypi.example.com/simple mypkg',
      'pip install torch -f https://download.pytorch.org/whl/torch_stable.html',
    ],
  },
};
