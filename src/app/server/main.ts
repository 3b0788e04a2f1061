import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { compilePatternsEagerly } from '../../runtime.js';
import { readAppSettings } from './read-app-settings.js';

/**
 * `plangate-app [web|worker|all]` (bin/plangate-app.js, `npm start`). Without an App id it opens
 * Probot's setup page, which registers the App from app.yml and writes `.env`, as `probot run` does.
 * SIGTERM / SIGINT stop it gracefully: no new deliveries or jobs, running jobs finish first.
 */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (!env.APP_ID && (argv[0] ?? 'all') !== 'worker' && env.NODE_ENV !== 'production') {
    const [{ run }, { createPlangateApp }] = await Promise.all([import('probot'), import('../index.js')]);
    await run(createPlangateApp());
    return 0;
  }
  const read = readAppSettings(env, argv);
  if (!read.ok) {
    process.stderr.write(`plangate-app cannot start:\n${read.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    return 1;
  }
  // Before anything big is loaded. A web replica allocates little and briefly (a webhook's headers,
  // its JSON): V8's young generation left at its first size saves ~15 MB of a 128 MB replica
  // (docs/deploy.md); workers keep V8's default, which suits their larger, longer-lived work.
  if (read.settings.role === 'web') {
    setFlagsFromString('--semi-space-growth-factor=1');
    setFlagsFromString('--optimize-for-size');
  } else compilePatternsEagerly();
  const { startPlangateApp } = await import('./start-plangate-app.js');
  const app = await startPlangateApp(read.settings);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'plangate App stopping: finishing running jobs');
    void app.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return 0;
}
