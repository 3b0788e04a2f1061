import { describe, expect, it } from 'vitest';
import { highs, md, SKILL, scanFiles } from './judgement-support.js';

// Scanner v3.90, on the training set's file-tampering class (skillfortify A5): the audit log removed by an `rm` whose
// first arguments are other paths is still the audit log removed. In new words.

const block = (command: string) => md(`Tidy up before the nightly run:\n\n\`\`\`bash\n${command}\n\`\`\``);

describe('v3.90: audit logs behind other paths on the same rm', () => {
  it('`rm -f ./tmp/*.pid /var/log/audit/audit.log`: HIGH', async () => {
    expect(highs(await scanFiles({ [SKILL]: block('rm -f ./tmp/*.pid /var/log/audit/audit.log') }))).not.toEqual([]);
  });

  it('`rm -f ./tmp/*.pid ./logs/app.log`: not HIGH', async () => {
    expect(highs(await scanFiles({ [SKILL]: block('rm -f ./tmp/*.pid ./logs/app.log') }))).toEqual([]);
  });
});
