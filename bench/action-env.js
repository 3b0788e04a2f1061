// The environment the runner gives `node dist/index.js` on a push (event file, summary and output
// files in `temp`), for the benches that start the Action as the runner does. `base` is the rest of
// the environment; a bench must start its `node -e ''` baseline with the same one (NODE_EXTRA_CA_CERTS
// alone makes every Node start load a CA file: `node -e ''` 21 → 60 ms on the bench machine).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function pushEventEnv(temp, workspace, base = { PATH: process.env.PATH }) {
  const event = join(temp, 'event.json');
  writeFileSync(event, '{}');
  for (const file of ['summary.md', 'output.txt']) writeFileSync(join(temp, file), '');
  return {
    ...base,
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
