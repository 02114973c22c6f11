import {START_RESPONSE_MARKER} from '../../../contract/stream-marker';

/** What the completions stream carries (spec 7.3): the references, then answer text as it arrives. */
export type StreamEvent = {type: 'references'; references: string[]} | {type: 'answer'; text: string};

export interface StreamParser {
  /** Feeds the next bytes; returns the events they complete. */
  push(bytes: Uint8Array): StreamEvent[];
  /** Flushes at the end of the stream. */
  end(): StreamEvent[];
  /** Whether the marker has arrived: a stream that ends without it was cut short. */
  readonly sawMarker: boolean;
}

/** The reference ids of the JSON before the marker, or null when it is not a JSON array (ignored, spec section 8). */
export function parseReferences(json: string): string[] | null {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * Incremental parser of the completions stream. Bytes may be split anywhere:
 * inside a multi-byte UTF-8 character (the streaming TextDecoder keeps the
 * partial bytes) or inside the marker (text before the marker is held until
 * the marker is complete).
 */
export function createStreamParser(): StreamParser {
  const decoder = new TextDecoder('utf-8');
  let head = '';
  let inAnswer = false;

  const consume = (text: string): StreamEvent[] => {
    if (inAnswer) return text ? [{type: 'answer', text}] : [];
    head += text;
    const at = head.indexOf(START_RESPONSE_MARKER);
    if (at === -1) return [];
    inAnswer = true;
    const references = parseReferences(head.slice(0, at));
    const rest = head.slice(at + START_RESPONSE_MARKER.length);
    head = '';
    return [...(references ? [{type: 'references' as const, references}] : []), ...(rest ? [{type: 'answer' as const, text: rest}] : [])];
  };

  return {
    push: (bytes) => consume(decoder.decode(bytes, {stream: true})),
    get sawMarker() {
      return inAnswer;
    },
    end() {
      const events = consume(decoder.decode());
      // A stream without the marker is taken as a plain answer rather than shown as nothing.
      if (!inAnswer && head) events.push({type: 'answer', text: head});
      head = '';
      return events;
    },
  };
}

/**
 * Reads a completions body to its end, calling back with each event; resolves with whether the marker arrived (a
 * stream without it ended early) and how many bytes did. Rejects with the signal's reason when aborted, and when the
 * body breaks.
 */
export async function readCompletionStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void, signal?: AbortSignal): Promise<{sawMarker: boolean; bytes: number}> {
  const parser = createStreamParser();
  let sawMarker = false;
  let bytes = 0;
  const reader = body.getReader();
  const cancel = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', cancel, {once: true});
  try {
    for (;;) {
      signal?.throwIfAborted();
      const {done, value} = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      bytes += value.byteLength;
      parser.push(value).forEach(onEvent);
    }
    sawMarker = parser.sawMarker;
    parser.end().forEach(onEvent);
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
  return {sawMarker, bytes};
}
