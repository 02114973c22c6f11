import {product} from '../../src/site';
import {fillPromptTemplate, type Answerer, type AnswerInput} from './answerer';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  /** Longest silence between two chunks once the answer has started, in ms (OPENAI_TIMEOUT_MS). */
  timeoutMs: number;
  /** Longest wait for the endpoint to accept the request and send its status, in ms (OPENAI_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** Longest wait for the first word of the answer, in ms (OPENAI_FIRST_TOKEN_TIMEOUT_MS). */
  firstTokenTimeoutMs?: number;
  /** Longest an answer may take in all, in ms (OPENAI_ANSWER_TIMEOUT_MS); then it ends there. */
  answerTimeoutMs?: number;
  /** Most tokens asked for, whatever the request's maxTokens (OPENAI_MAX_TOKENS). */
  maxTokens?: number;
  fetchImpl?: typeof fetch;
}

/** Why the LLM endpoint gave no answer: its host and a short code (ECONNREFUSED, HTTP 500, connect_timeout...). */
export class UpstreamError extends Error {
  constructor(
    readonly host: string,
    readonly code: string,
    detail: string,
  ) {
    super(`LLM endpoint ${host}: ${code} (${detail})`);
  }
}

/** The network code of a failed fetch (undici keeps it on the cause), or the error's own name. */
function codeOf(error: unknown): string {
  const cause = (error as {cause?: {code?: unknown}}).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  const code = (error as {code?: unknown}).code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}

/** One event of an OpenAI-style chat-completions stream (the fields read here). */
interface ChatChunk {
  choices?: Array<{delta?: {content?: string | null}; finish_reason?: string | null}>;
}

/**
 * Reads `data:` lines of an OpenAI-style server-sent event stream and yields the content deltas, calling `content`
 * before each: only words count as progress, not comments (`: keepalive`) or empty deltas. A line that is not JSON,
 * or a stream that ends before `[DONE]` or a finish reason, is an UpstreamError: the answer was cut.
 */
export async function* readChatDeltas(body: ReadableStream<Uint8Array>, content: () => void, host = 'the LLM endpoint'): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, {stream: true});
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      let parsed: ChatChunk;
      try {
        parsed = JSON.parse(data) as ChatChunk;
      } catch {
        throw new UpstreamError(host, 'bad_event', `an event that is not JSON: ${JSON.stringify(data.slice(0, 40))}`);
      }
      const choice = parsed.choices?.[0];
      if (choice?.finish_reason) finished = true;
      if (choice?.delta?.content) {
        content();
        yield choice.delta.content;
      }
    }
  }
  if (!finished) throw new UpstreamError(host, 'stream_cut', 'the stream ended before [DONE]');
}

/** The chat-completions request: a follow-up's earlier exchanges first, then the filled prompt template. */
function chatBody(request: AnswerInput['request'], sections: AnswerInput['sections'], maxTokens: number) {
  return {
    model: request.model,
    stream: true,
    temperature: request.temperature,
    top_p: request.topP,
    frequency_penalty: request.frequencyPenalty,
    presence_penalty: request.presencePenalty,
    max_tokens: Math.min(request.maxTokens, maxTokens),
    messages: [
      ...(request.context ?? []).flatMap(({question, answer}) => [
        {role: 'user', content: question},
        {role: 'assistant', content: answer || request.iDontKnowMessage},
      ]),
      {role: 'user', content: fillPromptTemplate(request, sections, product.name)},
    ],
  };
}

/** Streams the answer from an OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, llama.cpp). */
export function createOpenAiAnswerer(options: OpenAiOptions): Answerer {
  const fetchImpl = options.fetchImpl ?? fetch;
  const host = new URL(options.baseUrl).host;
  return {
    kind: 'openai',
    async *answer({sections, request, signal}) {
      const controller = new AbortController();
      const abort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', abort, {once: true});
      // One deadline at a time: the connection and status, then the first word, then each next word.
      let expired: UpstreamError | undefined;
      let timer: NodeJS.Timeout | undefined;
      const deadline = (ms: number, code: string, what: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          expired = new UpstreamError(host, code, `${what} in ${ms} ms`);
          controller.abort(expired);
        }, ms);
      };
      deadline(options.connectTimeoutMs ?? options.timeoutMs, 'connect_timeout', 'no status line');
      // Beside them, one deadline for the whole answer, however steadily the endpoint sends.
      const answerMs = options.answerTimeoutMs ?? Infinity;
      const whole = Number.isFinite(answerMs)
        ? setTimeout(() => {
          expired = new UpstreamError(host, 'answer_timeout', `the answer took longer than ${answerMs} ms`);
          controller.abort(expired);
        }, answerMs)
        : undefined;
      // Only words reset the deadline: an endpoint that sends comments or empty deltas is as silent as one that sends nothing.
      const content = () => deadline(options.timeoutMs, 'idle_timeout', 'no new word');
      try {
        let response: Response;
        try {
          response = await fetchImpl(`${options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
            method: 'POST',
            signal: controller.signal,
            headers: {'Content-Type': 'application/json', ...(options.apiKey ? {Authorization: `Bearer ${options.apiKey}`} : {})},
            body: JSON.stringify(chatBody(request, sections, options.maxTokens ?? request.maxTokens)),
          });
        } catch (error) {
          if (signal?.aborted) throw error;
          throw expired ?? new UpstreamError(host, codeOf(error), error instanceof Error ? error.message : String(error));
        }
        if (!response.ok || !response.body) {
          await response.body?.cancel().catch(() => undefined);
          throw new UpstreamError(host, `HTTP ${response.status}`, response.body ? 'the endpoint refused the request' : 'no body');
        }
        // A 200 that is not an event stream is a proxy's or server's error page, not an answer.
        const type = response.headers.get('content-type') ?? '';
        if (!type.toLowerCase().startsWith('text/event-stream')) {
          await response.body.cancel().catch(() => undefined);
          throw new UpstreamError(host, 'not_event_stream', `HTTP ${response.status} with content-type "${type.slice(0, 60)}"`);
        }
        deadline(options.firstTokenTimeoutMs ?? options.timeoutMs, 'first_token_timeout', 'no first word');
        try {
          yield* readChatDeltas(response.body, content, host);
        } catch (error) {
          if (signal?.aborted) throw error;
          throw expired ?? error;
        }
      } finally {
        clearTimeout(timer);
        clearTimeout(whole);
        signal?.removeEventListener('abort', abort);
        controller.abort();
      }
    },
  };
}
