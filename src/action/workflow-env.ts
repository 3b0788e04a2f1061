import { existsSync, readFileSync } from 'node:fs';

/** The event payload the runner wrote to GITHUB_EVENT_PATH (`{}` when there is none). */
export function readEventPayload(): unknown {
  const path = process.env.GITHUB_EVENT_PATH;
  if (!path || !existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}

/** `owner/repo` from GITHUB_REPOSITORY. */
export function repositoryFromEnv(): { owner: string; repo: string } {
  const [owner = '', repo = ''] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
  return { owner, repo };
}
