import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {splitCompletion, START_RESPONSE_MARKER} from '../../../contract/completions';
import {createStreamParser, parseReferences, readCompletionStream, type StreamEvent} from './completion-stream';

/** A real response of the server's extractive answerer to "How do I create a personal access token?". */
const recorded = readFileSync(path.join(__dirname, 'fixtures/personal-access-token.txt'), 'utf8');
/** Multi-byte text on both sides of the marker: 2-byte "é", 3-byte CJK, 4-byte emoji and a ZWJ sequence. */
const multiByte = `["/docs/café#résumé","/docs/x#🚀"]${START_RESPONSE_MARKER}Voilà: é, 日本語, 🚀 and 👩‍💻 in [a link](/docs/x).`;

const encoder = new TextEncoder();

interface Parsed {
  references: string[][];
  answer: string;
  /** Answer events, to check no empty text is ever emitted. */
  answerEvents: string[];
}

function parseChunks(chunks: Uint8Array[]): Parsed {
  const parser = createStreamParser();
  const events: StreamEvent[] = [...chunks.flatMap((c) => parser.push(c)), ...parser.end()];
  const answerEvents = events.flatMap((e) => (e.type === 'answer' ? [e.text] : []));
  return {references: events.flatMap((e) => (e.type === 'references' ? [e.references] : [])), answer: answerEvents.join(''), answerEvents};
}

function expected(response: string): Parsed {
  const {references, answer} = splitCompletion(response);
  return {references: [references], answer, answerEvents: [answer]};
}

describe('completions stream parser', () => {
  for (const [name, response] of [['recorded response', recorded], ['multi-byte response', multiByte]] as const) {
    const bytes = encoder.encode(response);
    const want = expected(response);

    it(`${name}: parses the whole response in one chunk`, () => {
      expect(parseChunks([bytes])).toEqual(want);
    });

    it(`${name}: gives the same result split in two at every byte position (${bytes.length + 1} splits)`, () => {
      for (let i = 0; i <= bytes.length; i++) {
        const got = parseChunks([bytes.subarray(0, i), bytes.subarray(i)]);
        expect(got.references, `split at byte ${i}`).toEqual(want.references);
        expect(got.answer, `split at byte ${i}`).toBe(want.answer);
        expect(got.answerEvents.every((t) => t.length > 0)).toBe(true);
      }
    });

    it(`${name}: gives the same result one byte at a time`, () => {
      const got = parseChunks(Array.from(bytes, (b) => Uint8Array.of(b)));
      expect(got.references).toEqual(want.references);
      expect(got.answer).toBe(want.answer);
    });
  }

  it('splits inside the marker and inside every multi-byte character, in three pieces at every pair of positions', () => {
    const bytes = encoder.encode(multiByte);
    const want = expected(multiByte);
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        const got = parseChunks([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)]);
        if (got.answer !== want.answer || got.references.length !== 1) throw new Error(`split at ${i}/${j}: ${JSON.stringify(got)}`);
      }
    }
    expect(true).toBe(true);
  });

  it('emits references before any answer text', () => {
    const parser = createStreamParser();
    const events = [...parser.push(encoder.encode(`["/docs/a"]${START_RESPONSE_MARKER}Hello`)), ...parser.end()];
    expect(events).toEqual([{type: 'references', references: ['/docs/a']}, {type: 'answer', text: 'Hello'}]);
  });

  it('holds text back until the marker is complete', () => {
    const parser = createStreamParser();
    expect(parser.push(encoder.encode(`["/docs/a"]${START_RESPONSE_MARKER.slice(0, 10)}`))).toEqual([]);
    expect(parser.push(encoder.encode(START_RESPONSE_MARKER.slice(10)))).toEqual([{type: 'references', references: ['/docs/a']}]);
    expect(parser.push(encoder.encode('A'))).toEqual([{type: 'answer', text: 'A'}]);
  });

  it('ignores unparseable reference JSON and still streams the answer', () => {
    expect(parseChunks([encoder.encode(`["/docs/a",${START_RESPONSE_MARKER}Answer`)])).toEqual({references: [], answer: 'Answer', answerEvents: ['Answer']});
    expect(parseChunks([encoder.encode(`{"a":1}${START_RESPONSE_MARKER}Answer`)]).references).toEqual([]);
  });

  it('keeps a later occurrence of the marker as answer text', () => {
    expect(parseChunks([encoder.encode(`[]${START_RESPONSE_MARKER}a${START_RESPONSE_MARKER}b`)]).answer).toBe(`a${START_RESPONSE_MARKER}b`);
  });

  it('takes a stream without the marker as a plain answer', () => {
    expect(parseChunks([encoder.encode('plain text')])).toEqual({references: [], answer: 'plain text', answerEvents: ['plain text']});
  });

  it('keeps only string ids from the references', () => {
    expect(parseReferences('["/docs/a", 3, null, "/docs/b"]')).toEqual(['/docs/a', '/docs/b']);
    expect(parseReferences('not json')).toBeNull();
  });
});

describe('readCompletionStream', () => {
  const streamOf = (chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c));
        controller.close();
      },
    });

  it('reads a ReadableStream to the end', async () => {
    const events: StreamEvent[] = [];
    await readCompletionStream(streamOf(['["/docs/a"]___START_RESP', 'ONSE_STREAM___Hel', 'lo']), (e) => events.push(e));
    expect(events).toEqual([{type: 'references', references: ['/docs/a']}, {type: 'answer', text: 'Hel'}, {type: 'answer', text: 'lo'}]);
  });

  it('rejects and cancels the stream when the signal aborts', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`[]${START_RESPONSE_MARKER}first`));
      },
      cancel() {
        cancelled = true;
      },
    });
    const abort = new AbortController();
    const reading = readCompletionStream(body, () => abort.abort(), abort.signal);
    await expect(reading).rejects.toThrow(/abort/i);
    expect(cancelled).toBe(true);
  });
});
