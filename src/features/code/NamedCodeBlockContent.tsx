// The classic theme's code block content, with the accessible name every code block of the site has (a feature the
// plain build keeps). The plain build (SITE_OPTIMIZATIONS=off, plugins/optimizations) puts it in the place of
// src/theme/CodeBlock/Content, whose static tokens need the code colours of plugins/prism-on-demand: here Prism
// tokenises in the browser too, with the theme's colours inline, as in the theme.
import type {ReactNode, RefObject} from 'react';
import clsx from 'clsx';
import {Highlight} from 'prism-react-renderer';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import {codeBlockTabStop} from './tab-stop';

export default function NamedCodeBlockContent({className}: {className?: string}): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, title, lineNumbersStart, lineClassNames} = metadata;
  const showLineNumbers = lineNumbersStart !== undefined;
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({className: prismClassName, style, tokens, getLineProps, getTokenProps}) => (
        <pre
          ref={wordWrap.codeBlockRef as RefObject<HTMLPreElement>}
          {...codeBlockTabStop(title, language)}
          className={clsx(className, prismClassName, styles.codeBlock, 'thin-scrollbar')}
          style={style}>
          <code
            className={clsx(styles.codeBlockLines, showLineNumbers && styles.codeBlockLinesWithNumbering)}
            style={showLineNumbers ? {counterReset: `line-count ${lineNumbersStart - 1}`} : undefined}>
            {tokens.map((line, i) => (
              <Line key={i} line={line} getLineProps={getLineProps} getTokenProps={getTokenProps} classNames={lineClassNames[i]} showLineNumbers={showLineNumbers} />
            ))}
          </code>
        </pre>
      )}
    </Highlight>
  );
}
