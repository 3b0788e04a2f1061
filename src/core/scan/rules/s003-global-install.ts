import { CODE, type ScanRule } from './scan-rule.js';

const GLOBAL_FLAG = String.raw`(?:-g|--global|--location[=\s]{1,4}global)`;

export const s003GlobalInstall: ScanRule = {
  id: 'S003',
  name: 'global-install',
  level: 'LOW',
  capabilities: ['global-install'],
  reads: CODE,
  why: "Installs into the user's or the system's global environment: it changes the machine outside the project, survives the task, and runs install scripts with broad permissions.",
  fix: 'Use a project-local dependency (`npm i -D`, a venv, `npx pkg@version`) or ask the user to install the tool; avoid `sudo` with package managers.',
  detectors: [
    {
      id: 'npm-global',
      keywords: ['npm', 'pnpm', 'yarn', '^bun$'],
      re: new RegExp(
        String.raw`\b(?:npm|pnpm|bun|cnpm)\s{1,4}(?:${GLOBAL_FLAG}\s{1,4})?(?:i|install|add|in|ins|isntall|link|update|up)\b[^;&|#\x60]{0,160}?\s${GLOBAL_FLAG}(?![\w-])|\b(?:npm|pnpm|bun)\s{1,4}${GLOBAL_FLAG}\s{1,4}(?:i|install|add|link|update)\b|\byarn\s{1,4}global\s{1,4}add\b`,
        'i',
      ),
    },
    {
      id: 'npx-global',
      keywords: ['npx', 'bunx', 'pnpx'],
      re: new RegExp(String.raw`\b(?:npx|bunx|pnpx)\s{1,4}[^;&|#\x60]{0,160}?\s${GLOBAL_FLAG}(?![\w-])`, 'i'),
    },
    {
      id: 'pip-user',
      keywords: ['pip'],
      re: /\b(?:pip[\d.]{0,4}|python[\d.]{0,4}\s{1,4}-m\s{1,4}pip)\s{1,4}install\b[^;&|#\x60]{0,160}?\s(?:--user|--break-system-packages)\b/i,
    },
    {
      id: 'sudo-package-manager',
      keywords: ['sudo'],
      re: /\bsudo\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,3}(?:npm|pnpm|yarn|pip[\d.]{0,4}|python[\d.]{0,4}\s{1,4}-m\s{1,4}pip|gem|easy_install|cargo|bun)\s{1,4}(?:(?:-[\w-]{1,20}|--[\w-]{1,30})\s{1,4}){0,3}(?:i|install|add)\b/i,
    },
  ],
  examples: {
    match: [
      'npm install -g @playwright/cli@latest',
      'npm i -g some-cli',
      'npm --global install some-cli',
      'pnpm add -g some-cli',
      'yarn global add some-cli',
      'bun add --global some-cli',
      'npx skills add org/skill -g',
      'pip install --user some-tool',
      'pip install --break-system-packages some-tool',
      'sudo npm install -g some-cli',
      'sudo pip3 install some-tool',
      'sudo -H pip install some-tool',
      { path: 'SKILL.md', text: 'Update the CLI: `npm i -g @damian87/omp@latest`, then re-run it.\n' },
    ],
    noMatch: [
      'npm install --save-dev vitest',
      'npm i -D typescript',
      'npm run lint -- --global-style',
      'pip install -r requirements.txt',
      'sudo apt-get install -y jq',
      'npm install some-pkg  # not -g',
    ],
  },
};
