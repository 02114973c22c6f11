import CodeBlock from '@theme/CodeBlock';
import type {AnswerCode} from '../answer-code';

/** Prism's name for text it leaves as it is. */
const PLAIN_TEXT = 'text';

/**
 * A code block of an answer, rendered by the site's own code block as on the doc pages: its title bar, Prism's
 * colours (Prism loads with the first block that needs it), the copy button, and keyboard focus for scrolling.
 * While its fence is still open the block grows with every chunk: its lines stay plain until the fence closes, and
 * Prism then colours the block once.
 */
export function AnswerCodeBlock({code, language, metastring, open}: AnswerCode) {
  const shownLanguage = open ? PLAIN_TEXT : language;
  return (
    <CodeBlock className={shownLanguage ? `language-${shownLanguage}` : undefined} metastring={metastring}>
      {code}
    </CodeBlock>
  );
}
