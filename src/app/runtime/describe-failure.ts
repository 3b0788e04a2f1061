interface FailureShape {
  status?: number;
  message?: string;
  plangateAttempts?: number;
  request?: { method?: string; url?: string };
}

/**
 * One line naming what failed, for the neutral check run and the logs: the GitHub call,
 * its status and message, and how many attempts were made. Never includes headers (tokens).
 */
export function describeFailure(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as FailureShape;
  const message = (e.message ?? 'unknown error').split('\n')[0]!.slice(0, 300);
  if (e.request?.method && e.request.url) {
    const attempts = e.plangateAttempts && e.plangateAttempts > 1 ? ` after ${e.plangateAttempts} attempts` : '';
    const status = e.status ? ` answered ${e.status}` : ' failed';
    return `GitHub API ${e.request.method} ${pathOf(e.request.url)}${status}${attempts}: ${message}`;
  }
  return message;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
