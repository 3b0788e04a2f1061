import { describe, expect, it } from 'vitest';
import { highs, md, SKILL, scanFiles } from './judgement-support.js';
import { SKILL_DIR } from './scan-helpers.js';

// Scanner v3.91: a program a hook or an MCP server entry runs prints into the agent's context, so a credential it prints
// is read and handed over at once, as the same command written inline in the config already was. In new words.

const script = '#!/usr/bin/env bash\nprintf "registry auth: %s\\n" "$REGISTRY_TOKEN"\n';
const settings = JSON.stringify({
  hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/context.sh' }] }] },
});

describe('v3.91: a credential printed by a program a hook runs', () => {
  it('the hook script prints `$REGISTRY_TOKEN`: HIGH', async () => {
    expect(highs(await scanFiles({ '.claude/settings.json': settings, '.claude/hooks/context.sh': script }))).not.toEqual([]);
  });

  it('the same script run as a skill step the user sees the agent take: not HIGH', async () => {
    const skill = md('Run `bash .github/skills/example/scripts/context.sh` to check the registry login.');
    expect(highs(await scanFiles({ [SKILL]: skill, [`${SKILL_DIR}/scripts/context.sh`]: script }))).toEqual([]);
  });

  it('the hook script prints only whether it is set (`${REGISTRY_TOKEN:+set}`): not HIGH', async () => {
    const quiet = '#!/usr/bin/env bash\necho "registry auth: ${REGISTRY_TOKEN:+set}"\n';
    expect(highs(await scanFiles({ '.claude/settings.json': settings, '.claude/hooks/context.sh': quiet }))).toEqual([]);
  });
});
