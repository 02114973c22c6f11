// Swizzled (eject): the browser keeps the tokens of the page's static HTML instead of running Prism again over
// every block while the page hydrates. Prism tokenises when the site is rendered, and in the browser only for
// blocks that were not in the HTML (after a client-side navigation); see plugins/prism-on-demand.
import {useEffect, useRef, useState, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import CodeLines from 'code-block-lines';
import {codeBlockTabStop} from '@site/src/features/code/tab-stop';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/** React leaves the children of an element rendered with an unchanged dangerouslySetInnerHTML as they are. */
const keepStaticChildren = {__html: ''};

export default function CodeBlockContent({className}: {className?: string}): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const isBrowser = useIsBrowser();
  const codeRef = useRef<HTMLElement>(null);
  // True while the page hydrates (and during server rendering), for the block's whole life afterwards.
  const [fromStaticHtml, setFromStaticHtml] = useState(!isBrowser);
  const keepsHtml = fromStaticHtml && typeof window !== 'undefined';
  useEffect(() => {
    // React renders a subtree afresh when its hydration fails: the block then has no static tokens to keep.
    if (keepsHtml && !codeRef.current?.hasChildNodes()) setFromStaticHtml(false);
  }, [keepsHtml]);

  const {code, language, title, lineNumbersStart, lineClassNames} = metadata;
  const showLineNumbers = lineNumbersStart !== undefined;
  const codeProps = {
    ref: codeRef,
    className: clsx(styles.codeBlockLines, showLineNumbers && styles.codeBlockLinesWithNumbering),
    style: showLineNumbers ? {counterReset: `line-count ${lineNumbersStart - 1}`} : undefined,
  };
  return (
    <pre
      // theme-common spells the ref in React 19's types (RefObject<T | null>); React 18's spell the same object RefObject<T>.
      ref={wordWrap.codeBlockRef as RefObject<HTMLPreElement>}
      {...codeBlockTabStop(title, language)}
      className={clsx(className, 'prism-code', `language-${language}`, styles.codeBlock, 'thin-scrollbar')}>
      {keepsHtml ? (
        <code {...codeProps} dangerouslySetInnerHTML={keepStaticChildren} suppressHydrationWarning />
      ) : (
        <code {...codeProps}>
          <CodeLines code={code} language={language} lineClassNames={lineClassNames} showLineNumbers={showLineNumbers} />
        </code>
      )}
    </pre>
  );
}
