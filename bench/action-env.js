// The environment the runner gives `node dist/index.js` on a push (event file, summary and output
// files in `temp`), for the benches that start the Action as the runner does.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function pushEventEnv(temp, workspace) {
  const event = join(temp, 'event.json');
  writeFileSync(event, '{}');
  for (const file of ['summary.md', 'output.txt']) writeFileSync(join(temp, file), '');
  return {
    PATH: process.env.PATH,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: event,
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'acme/bench',
    GITHUB_STEP_SUMMARY: join(temp, 'summary.md'),
    GITHUB_OUTPUT: join(temp, 'output.txt'),
    RUNNER_TEMP: temp,
    'INPUT_GITHUB-TOKEN': '',
  };
}
