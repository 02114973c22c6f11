import {readFileSync} from 'node:fs';
import {answerChunks} from './answer-chunks';

/**
 * An answer that quotes a code block of the docs as they write it, with its title: the Python SDK example of "Add
 * owners" (docs/api/tutorials/owners.mdx). The fake model streams it; the test compares what the reader sees with it.
 */
export const CODE_QUESTION = 'How do I add an owner to a dataset with the Python SDK?';
export const CODE_TITLE = 'add_owner.py';

const DOC = 'docs/api/tutorials/owners.mdx';

/** The code between the fences, exactly as the doc page has it. */
export const CODE = (() => {
  const fence = /```python title="add_owner\.py"\n([\s\S]*?)\n```/.exec(readFileSync(DOC, 'utf8'));
  if (!fence) throw new Error(`${DOC} no longer has the add_owner.py example this test quotes`);
  return fence[1];
})();

export const CODE_ANSWER = [
  'With the Python SDK, a patch adds the owner and keeps the owners the dataset already has:',
  `\`\`\`python title="${CODE_TITLE}"\n${CODE}\n\`\`\``,
  'The script exits without error once the owner is added.',
].join('\n\n');

/** The answer in chunks of `size` characters, as a model streams it. */
export const codeAnswerDeltas = (size = 24) => answerChunks(CODE_ANSWER, size);
