import {describe, expect, it} from 'vitest';
import {chatReducer, initialChatState, showsFeedback, sourcesView, type ChatEvent, type ChatState} from './chat-machine';

const run = (events: ChatEvent[], from: ChatState = initialChatState) => events.reduce(chatReducer, from);

const asked = run([{type: 'prompt-changed', prompt: 'What is lineage?'}, {type: 'submitted', requestId: 1, query: 'What is lineage?'}]);
const streaming = run([
  {type: 'references-received', requestId: 1, references: ['/docs/lineage#a']},
  {type: 'answer-received', requestId: 1, text: 'Lineage '},
], asked);
const done = run([{type: 'answer-received', requestId: 1, text: 'is a graph.'}, {type: 'stream-ended', requestId: 1, complete: true, iDontKnowMessage: 'Sorry.'}], streaming);

describe('chat state machine: transitions', () => {
  it('starts indeterminate with nothing asked', () => {
    expect(initialChatState).toMatchObject({status: 'indeterminate', prompt: '', answer: '', references: [], rating: null});
  });

  it('keeps the typed prompt without changing the status', () => {
    const next = chatReducer(initialChatState, {type: 'prompt-changed', prompt: 'tokens'});
    expect(next).toMatchObject({status: 'indeterminate', prompt: 'tokens'});
    expect(chatReducer(next, {type: 'prompt-changed', prompt: 'tokens'})).toBe(next);
  });

  it('indeterminate -> preload on submit, remembering the query', () => {
    expect(asked).toMatchObject({status: 'preload', query: 'What is lineage?', requestId: 1, answer: '', references: []});
  });

  it('stays in preload when the references arrive', () => {
    const next = chatReducer(asked, {type: 'references-received', requestId: 1, references: ['/docs/a', '/docs/b#c']});
    expect(next).toMatchObject({status: 'preload', references: ['/docs/a', '/docs/b#c']});
  });

  it('preload -> streaming-answer with the first answer text, then appends', () => {
    expect(streaming).toMatchObject({status: 'streaming-answer', answer: 'Lineage '});
    expect(chatReducer(streaming, {type: 'answer-received', requestId: 1, text: 'is'}).answer).toBe('Lineage is');
  });

  it('ignores empty answer text (no early switch to streaming-answer)', () => {
    expect(chatReducer(asked, {type: 'answer-received', requestId: 1, text: ''})).toBe(asked);
  });

  it('streaming-answer -> done when the stream ends', () => {
    expect(done).toMatchObject({status: 'done', answer: 'Lineage is a graph.', references: ['/docs/lineage#a']});
  });

  it('preload -> done with the don\'t-know message when a whole stream carries no answer text', () => {
    expect(chatReducer(asked, {type: 'stream-ended', requestId: 1, complete: true, iDontKnowMessage: 'Sorry.'})).toMatchObject({status: 'done', answer: 'Sorry.', ending: 'dont-know'});
  });

  it('marks an answer whose stream ended before the marker as incomplete, keeping what arrived', () => {
    expect(chatReducer(asked, {type: 'stream-ended', requestId: 1, complete: false, iDontKnowMessage: 'Sorry.'})).toMatchObject({status: 'done', answer: '', ending: 'incomplete'});
  });

  it('marks a stopped answer as stopped, keeping what arrived', () => {
    expect(chatReducer(streaming, {type: 'stopped', requestId: 1})).toMatchObject({status: 'done', answer: 'Lineage ', ending: 'stopped'});
  });

  it('a whole answer ends complete, and a new question clears how the last one ended', () => {
    expect(done.ending).toBe('complete');
    expect(chatReducer(done, {type: 'submitted', requestId: 2, query: 'Again?'}).ending).toBeNull();
  });

  it('a failed completion sets the answer to the don\'t-know message and ends', () => {
    const failed = chatReducer(streaming, {type: 'completion-failed', requestId: 1, iDontKnowMessage: 'Sorry.'});
    expect(failed).toMatchObject({status: 'done', answer: 'Sorry.', ending: 'dont-know'});
  });

  it('any other error ends the request and leaves the answer as it was', () => {
    expect(chatReducer(streaming, {type: 'request-errored', requestId: 1})).toMatchObject({status: 'done', answer: 'Lineage ', ending: 'incomplete'});
  });

  it('done -> preload on a new submit, clearing the answer and references', () => {
    const again = chatReducer(done, {type: 'submitted', requestId: 2, query: 'Domains?'});
    expect(again).toMatchObject({status: 'preload', answer: '', references: [], query: 'Domains?', requestId: 2});
  });

  it('streaming-answer -> preload on a restart, clearing the answer', () => {
    expect(chatReducer(streaming, {type: 'submitted', requestId: 2, query: 'x'})).toMatchObject({status: 'preload', answer: '', references: []});
  });

  it('ignores events of an older request', () => {
    const restarted = chatReducer(streaming, {type: 'submitted', requestId: 2, query: 'x'});
    for (const stale of [
      {type: 'references-received', requestId: 1, references: ['/docs/old']},
      {type: 'answer-received', requestId: 1, text: 'old'},
      {type: 'stream-ended', requestId: 1, complete: true, iDontKnowMessage: 'Sorry.'},
      {type: 'completion-failed', requestId: 1, iDontKnowMessage: 'Sorry.'},
      {type: 'request-errored', requestId: 1},
    ] satisfies ChatEvent[]) {
      expect(chatReducer(restarted, stale)).toBe(restarted);
    }
  });

  it('ignores stream events once done', () => {
    expect(chatReducer(done, {type: 'answer-received', requestId: 1, text: 'more'})).toBe(done);
    expect(chatReducer(initialChatState, {type: 'stream-ended', requestId: 0, complete: true, iDontKnowMessage: 'Sorry.'})).toBe(initialChatState);
  });
});

describe('chat state machine: rating', () => {
  it('records one rating when done', () => {
    const rated = chatReducer(done, {type: 'rated', rating: 'positive'});
    expect(rated.rating).toBe('positive');
    expect(chatReducer(rated, {type: 'rated', rating: 'negative'})).toBe(rated);
  });

  it('refuses a rating before the answer is complete', () => {
    expect(chatReducer(streaming, {type: 'rated', rating: 'positive'})).toBe(streaming);
  });

  it('resets the rating flag on the next state change', () => {
    const rated = chatReducer(done, {type: 'rated', rating: 'negative'});
    const next = chatReducer(rated, {type: 'submitted', requestId: 2, query: 'again'});
    expect(next.rating).toBeNull();
    expect(chatReducer(rated, {type: 'prompt-changed', prompt: 'typing'}).rating).toBe('negative');
  });
});

describe('sources panel and feedback row', () => {
  it('hides the sources when indeterminate, shows progress in preload and the list once references exist', () => {
    expect(sourcesView(initialChatState)).toBe('hidden');
    expect(sourcesView(asked)).toBe('fetching');
    expect(sourcesView(streaming)).toBe('references');
    expect(sourcesView(done)).toBe('references');
  });

  it('shows the panel as indeterminate when done with no references', () => {
    expect(sourcesView({status: 'done', references: []})).toBe('indeterminate');
  });

  it('asks for feedback only on a complete answer', () => {
    expect(showsFeedback(done)).toBe(true);
    expect(showsFeedback(streaming)).toBe(false);
    expect(showsFeedback({status: 'done', answer: '', ending: 'complete'})).toBe(false);
    for (const ending of ['dont-know', 'incomplete', 'stopped'] as const) expect(showsFeedback({status: 'done', answer: 'Some text.', ending})).toBe(false);
  });
});

describe('chat state machine: a conversation', () => {
  const rated = chatReducer(done, {type: 'rated', rating: 'positive'});
  const second = run([{type: 'submitted', requestId: 2, query: 'And for jobs?'}], rated);

  it('moves the answer on screen up the conversation, with its sources and rating, when the next question starts', () => {
    expect(second).toMatchObject({status: 'preload', query: 'And for jobs?', answer: '', references: [], rating: null});
    expect(second.earlier).toEqual([{query: 'What is lineage?', answer: 'Lineage is a graph.', references: ['/docs/lineage#a'], rating: 'positive', ending: 'complete'}]);
  });

  it('keeps an answer interrupted by the next question as stopped', () => {
    const next = chatReducer(streaming, {type: 'submitted', requestId: 2, query: 'And for jobs?'});
    expect(next.earlier).toEqual([{query: 'What is lineage?', answer: 'Lineage ', references: ['/docs/lineage#a'], rating: null, ending: 'stopped'}]);
  });

  it('asks the same question again in place when retrying', () => {
    const cut = chatReducer(streaming, {type: 'request-errored', requestId: 1});
    const again = chatReducer(cut, {type: 'submitted', requestId: 2, query: 'What is lineage?', retry: true});
    expect(again).toMatchObject({status: 'preload', query: 'What is lineage?', answer: '', earlier: []});
  });

  it('rates an earlier whole answer once, by its place in the conversation', () => {
    const unrated = run([{type: 'submitted', requestId: 2, query: 'And for jobs?'}], done);
    const first = chatReducer(unrated, {type: 'rated', rating: 'negative', exchange: 0});
    expect(first.earlier[0].rating).toBe('negative');
    expect(chatReducer(first, {type: 'rated', rating: 'positive', exchange: 0})).toBe(first);
    expect(chatReducer(first, {type: 'rated', rating: 'positive', exchange: 5})).toBe(first);
    const stopped = run([{type: 'submitted', requestId: 3, query: 'Why?'}], chatReducer(streaming, {type: 'stopped', requestId: 1}));
    expect(chatReducer(stopped, {type: 'rated', rating: 'positive', exchange: 0})).toBe(stopped);
  });

  it('"New conversation" clears the conversation and the answer on screen', () => {
    const cleared = chatReducer(second, {type: 'cleared'});
    expect(cleared).toMatchObject({status: 'indeterminate', prompt: '', query: '', answer: '', earlier: []});
    // Events of the request that was in flight stay ignored.
    expect(chatReducer(cleared, {type: 'answer-received', requestId: 2, text: 'late'})).toBe(cleared);
  });
});
