import { describe, expect, it } from 'vitest';
import { HANDLED_EVENT_NAMES } from '../../src/app/handlers/handled-event-names.js';
import { createPlangateApp } from '../../src/app/index.js';
import { handledEvents } from '../../src/app/queue/handled-events.js';

describe('the events the web role queues', () => {
  it('are exactly those the handlers subscribe to (the web role knows them without loading the handlers)', () => {
    expect(handledEvents(createPlangateApp())).toEqual(new Set(HANDLED_EVENT_NAMES));
  });
});
