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

/** Reads `data:` lines of an OpenAI-style server-sent event stream and yields the content deltas. */
export async function* readChatDeltas(body: ReadableStream<Uint8Array>, idle: () => void): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    idle();
    buffer += decoder.decode(bytes, {stream: true});
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as {choices?: Array<{delta?: {content?: string | null}}>};
      const content = parsed.choices?.[0]?.delta?.content;
      if (content) yield content;
    }
  }
}

/** The chat-completions request: a follow-up's earlier exchanges first, then the filled prompt template. */
function chatBody(request: AnswerInput['request'], sections: AnswerInput['sections']) {
  return {
    model: request.model,
    stream: true,
    temperature: request.temperature,
    top_p: request.topP,
    frequency_penalty: request.frequencyPenalty,
    presence_penalty: request.presencePenalty,
    max_tokens: request.maxTokens,
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
      // One deadline at a time: the connection and status, then the first word, then each next chunk.
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
      let started = false;
      const idle = () => {
        if (started) deadline(options.timeoutMs, 'idle_timeout', 'no new chunk');
      };
      try {
        let response: Response;
        try {
          response = await fetchImpl(`${options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
            method: 'POST',
            signal: controller.signal,
            headers: {'Content-Type': 'application/json', ...(options.apiKey ? {Authorization: `Bearer ${options.apiKey}`} : {})},
            body: JSON.stringify(chatBody(request, sections)),
          });
        } catch (error) {
          if (signal?.aborted) throw error;
          throw expired ?? new UpstreamError(host, codeOf(error), error instanceof Error ? error.message : String(error));
        }
        if (!response.ok || !response.body) {
          await response.body?.cancel().catch(() => undefined);
          throw new UpstreamError(host, `HTTP ${response.status}`, response.body ? 'the endpoint refused the request' : 'no body');
        }
        deadline(options.firstTokenTimeoutMs ?? options.timeoutMs, 'first_token_timeout', 'no first word');
        try {
          for await (const delta of readChatDeltas(response.body, idle)) {
            if (!started) {
              started = true;
              deadline(options.timeoutMs, 'idle_timeout', 'no new chunk');
            }
            yield delta;
          }
        } catch (error) {
          if (signal?.aborted) throw error;
          throw expired ?? error;
        }
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        controller.abort();
      }
    },
  };
}
