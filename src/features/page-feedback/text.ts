// Kept out of src/site.ts, which every page loads: only the widget, loaded after the first paint, reads these.
/** "Was this page helpful?" at the end of every doc page. */
export const pageFeedbackText = {
  question: 'Was this page helpful?',
  yes: 'Yes',
  no: 'No',
  /** Shown once a Yes is stored, and once the comment after a No is. */
  thanks: 'Thank you! Your feedback helps us improve these docs.',
  /** Shown once a No is stored, above the optional comment. */
  savedNo: 'Thank you, your answer is saved.',
  commentLabel: 'What could be better? (optional)',
  send: 'Send',
  sending: 'Sending…',
  voteFailed: 'Could not save your answer. Check your connection and choose Yes or No again.',
  sendFailed: 'Could not send your feedback. Check your connection and press Send again.',
  answered: (helpful: boolean) => `You answered "${helpful ? 'Yes' : 'No'}" to whether this page was helpful.`,
  change: 'Change answer',
} as const;
