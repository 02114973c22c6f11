import {useEffect, useSyncExternalStore} from 'react';
import {chatDefaults} from '../../site';
import type {ApiSettings} from '../../../plugins/api-settings';
import {useApiSettings} from '../api-settings';
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

// One conversation per visit: it lives with this module, so it survives closing the dialog and moving to another
// page through the router, and ends with a reload.
let visitChat: ChatController | null = null;

function chatOfThisVisit(api: ApiSettings): ChatController {
  visitChat ??= createChatController({
    projectKey: api.projectKey,
    completionsUrl: api.completionsUrl,
    settings: siteCompletionSettings,
    fetch: browserFetch,
    queryLog: createQueryLogClient({url: api.queryLogUrl, anonKey: api.queryLogAnonKey}, browserFetch),
    restartDebounceMs: chatDefaults.restartDebounceMs,
  });
  return visitChat;
}

/** The visit's chat; unmounting the dialog (closing it) stops the answer in flight, keeping what arrived. */
export function useChat(): {chat: ChatController; state: ChatState} {
  const chat = chatOfThisVisit(useApiSettings());
  useEffect(() => () => chat.stop(), [chat]);
  const state = useSyncExternalStore(chat.subscribe, chat.getState, chat.getState);
  return {chat, state};
}
