// An organisation for the App's load test: N repositories, each in its own account with its own
// App installation (GitHub's limits are per installation), each with a complete plan on the
// default branch, the ralph workflow, two pull requests and one issue to label.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const WRITER = 'wendy';

export function seedOrg(fake, { repos, pullsPerRepo, root, PRD_BODY, SPEC_BODY }) {
  const workflow = readFileSync(join(root, 'examples/workflows/plangate-ralph.yml'), 'utf8');
  const org = [];
  for (let r = 0; r < repos; r++) {
    const owner = `org-${String(r).padStart(2, '0')}`;
    const repo = 'service';
    const installationId = fake.addInstallation(owner);
    fake.seedRepoFromFiles(owner, repo, {
      'README.md': `# ${owner}/${repo}\n`,
      '.github/workflows/plangate-ralph.yml': workflow,
      '.omx/plans/prd-export.md': PRD_BODY,
      '.omx/plans/test-spec-export.md': SPEC_BODY,
    });
    fake.setPermission(owner, repo, WRITER, 'write');
    const pulls = [];
    for (let p = 0; p < pullsPerRepo; p++) {
      const branch = `feature-${p}`;
      const plan = `.omx/plans/prd-feature-${p}.md`;
      fake.commit(owner, repo, branch, { [plan]: PRD_BODY, [`src/feature-${p}.ts`]: `export const feature${p} = true;\n` });
      const number = fake.addPull(owner, repo, { head: branch, body: `Plan: ${plan}`, user: WRITER }).number;
      pulls.push({ number, branch });
    }
    const issue = fake.addIssue(owner, repo, { title: 'Ship the export', body: 'Build the CSV export.', user: WRITER }).number;
    org.push({ owner, repo, installationId, pulls, issue });
  }
  return org;
}
