import {useEffect, useState, useSyncExternalStore} from 'react';
import {chatDefaults, chatService} from '../../site';
import {createChatController, type ChatController, type CompletionSettings} from './chat-controller';
import type {ChatState} from './chat-machine';
import {createQueryLogClient} from './query-log-client';

/** The request fields of spec 7.3 with the site's defaults (spec section 9). */
export const siteCompletionSettings: CompletionSettings = {
  iDontKnowMessage: chatDefaults.iDontKnowMessage,
  model: chatDefaults.model,
  promptTemplate: chatDefaults.promptTemplate,
  temperature: chatDefaults.temperature,
  topP: chatDefaults.topP,
  frequencyPenalty: chatDefaults.frequencyPenalty,
  presencePenalty: chatDefaults.presencePenalty,
  maxTokens: chatDefaults.maxTokens,
  sectionsMatchCount: chatDefaults.sectionsMatchCount,
  sectionsMatchThreshold: chatDefaults.sectionsMatchThreshold,
};

// window.fetch must be called on window; a bare reference loses it.
const browserFetch: typeof fetch = (input, init) => window.fetch(input, init);

/** One chat for the lifetime of the dialog; unmounting (closing) aborts its request. */
export function useChat(): {chat: ChatController; state: ChatState} {
  const [chat] = useState(() =>
    createChatController({
      projectKey: chatService.projectKey,
      completionsUrl: chatService.completionsUrl,
      settings: siteCompletionSettings,
      fetch: browserFetch,
      queryLog: createQueryLogClient({url: chatService.queryLogUrl, anonKey: chatService.queryLogAnonKey}, browserFetch),
      restartDebounceMs: chatDefaults.restartDebounceMs,
    }),
  );
  useEffect(() => () => chat.abort(), [chat]);
  const state = useSyncExternalStore(chat.subscribe, chat.getState, chat.getState);
  return {chat, state};
}
