import { pino, type DestinationStream, type Logger } from 'pino';
import { jobContext } from '../queue/job-context.js';

/**
 * Fields that must never reach a log: webhook payloads (Probot attaches the whole event to handler
 * errors and logs events at debug level) and credentials (Octokit already masks the token in
 * request errors; these paths catch any other copy).
 */
export const REDACTED_LOG_PATHS = [
  'payload',
  '*.payload',
  'err.event',
  'err.errors[*].event',
  'error.event',
  'headers.authorization',
  '*.headers.authorization',
  'err.request.headers.authorization',
  'err.response.headers.authorization',
  'privateKey',
  'token',
];

export interface AppLoggerOptions {
  level?: string;
  /** Which role this process plays (`web`, `worker`, `all`), on every line. */
  role: string;
  /** Where lines go (default stdout). */
  destination?: DestinationStream;
}

/**
 * The App's structured JSON logger (pino, the logger Probot uses): one JSON object per line, the
 * job id and delivery id of the job being processed on every line written inside it, and the
 * payload and credential paths removed.
 */
export function createAppLogger(options: AppLoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid, role: options.role },
      mixin() {
        const job = jobContext.getStore();
        return job ? { jobId: job.jobId, deliveryId: job.deliveryId } : {};
      },
      redact: { paths: REDACTED_LOG_PATHS, remove: true },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
