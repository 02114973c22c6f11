import {product} from '../../src/site';
import {fillPromptTemplate, type Answerer} from './answerer';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  /** Longest wait for the first byte and between chunks, in ms. */
  timeoutMs: number;
  fetchImpl?: typeof fetch;
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

/** Streams the answer from an OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, llama.cpp). */
export function createOpenAiAnswerer(options: OpenAiOptions): Answerer {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    kind: 'openai',
    async *answer({sections, request, signal}) {
      const controller = new AbortController();
      const abort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', abort, {once: true});
      let timer = setTimeout(() => controller.abort(new Error(`LLM endpoint silent for ${options.timeoutMs} ms`)), options.timeoutMs);
      const idle = () => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(new Error(`LLM endpoint silent for ${options.timeoutMs} ms`)), options.timeoutMs);
      };
      try {
        const response = await fetchImpl(`${options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
          method: 'POST',
          signal: controller.signal,
          headers: {'Content-Type': 'application/json', ...(options.apiKey ? {Authorization: `Bearer ${options.apiKey}`} : {})},
          body: JSON.stringify({
            model: request.model,
            stream: true,
            temperature: request.temperature,
            top_p: request.topP,
            frequency_penalty: request.frequencyPenalty,
            presence_penalty: request.presencePenalty,
            max_tokens: request.maxTokens,
            messages: [
              // A follow-up's earlier exchanges come first, as the conversation the new question continues.
              ...(request.context ?? []).flatMap(({question, answer}) => [
                {role: 'user', content: question},
                {role: 'assistant', content: answer || request.iDontKnowMessage},
              ]),
              {role: 'user', content: fillPromptTemplate(request, sections, product.name)},
            ],
          }),
        });
        if (!response.ok || !response.body) throw new Error(`LLM endpoint answered HTTP ${response.status}${response.body ? '' : ' with no body'}`);
        yield* readChatDeltas(response.body, idle);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        controller.abort();
      }
    },
  };
}
