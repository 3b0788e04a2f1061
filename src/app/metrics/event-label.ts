/**
 * The events a metric may name: those app.yml subscribes to, and those GitHub sends every App
 * whatever it subscribes to. Anything else — above all an `X-GitHub-Event` header on a request
 * nobody signed — is `other`, so no request can add a series.
 */
const KNOWN_EVENTS: ReadonlySet<string> = new Set([
  'pull_request',
  'issues',
  'issue_comment',
  'check_run',
  'check_suite',
  'workflow_run',
  'ping',
  'installation',
  'installation_repositories',
  'installation_target',
  'github_app_authorization',
  'meta',
]);

/** A metric label value for a webhook event name: one of a fixed set. */
export function eventLabel(name: string | undefined): string {
  return name !== undefined && KNOWN_EVENTS.has(name) ? name : 'other';
}
