import type { ApplicationFunction, Probot } from 'probot';

/** Event names (`pull_request`, `pull_request.opened`, or `*`) an App function subscribes to. */
export type HandledEvents = ReadonlySet<string>;

/**
 * Which events an App handles, read by loading it into a recorder instead of a Probot: what the
 * handlers really register, against which the web role's list (HANDLED_EVENT_NAMES, known without
 * loading the handlers) is checked.
 */
export function handledEvents(appFn: ApplicationFunction): HandledEvents {
  const names = new Set<string>();
  const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent };
  const recorder = {
    on: (events: string | string[]) => [events].flat().forEach((e) => names.add(e)),
    onAny: () => names.add('*'),
    onError: () => undefined,
    log: silent,
    auth: () => Promise.reject(new Error('handledEvents: the recorder cannot authenticate')),
  };
  void appFn(recorder as unknown as Probot, { addHandler: () => undefined, cwd: process.cwd() });
  return names;
}

export function isHandled(events: HandledEvents, name: string, action: unknown): boolean {
  return events.has('*') || events.has(name) || (typeof action === 'string' && events.has(`${name}.${action}`));
}
