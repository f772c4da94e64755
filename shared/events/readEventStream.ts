import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type { EventSourceMessage };

/**
 * Reads a `text/event-stream` body (`GET api/events`) to its end, handing on each event and each
 * comment (the heartbeats). One reader for the web app, the API tests and the bench; an abort or
 * a dropped connection rejects, which each caller treats in its own way.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (message: EventSourceMessage) => void, onComment?: (comment: string) => void): Promise<void> {
  const parser = createParser({ onEvent, onComment });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
