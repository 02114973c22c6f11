/** Window event that asks the chat dialog to open, with a question to ask at once when it carries one. */
export const OPEN_CHAT_EVENT = 'datahub:open-chat';

/** Window event that asks for the chat dialog's code ahead of a likely open. */
export const PREPARE_CHAT_EVENT = 'datahub:prepare-chat';

export interface OpenChatDetail {
  /** Asked as soon as the dialog opens, as if typed into its input and sent; none opens the dialog as it was. */
  question?: string;
}

/** Opens the chat dialog (the "Ask our AI" button in the footer listens), asking `question` when one is given. */
export function openChat(question?: string): void {
  window.dispatchEvent(new CustomEvent<OpenChatDetail>(OPEN_CHAT_EVENT, {detail: {question}}));
}

/** Starts loading the chat dialog before it is opened; calling it again costs nothing. */
export function prepareChat(): void {
  window.dispatchEvent(new Event(PREPARE_CHAT_EVENT));
}
