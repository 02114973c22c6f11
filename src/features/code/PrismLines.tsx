// Prism tokenising for code blocks. It runs when the site is rendered to HTML, and in the browser only for a block
// that was not in the page's HTML (after a client-side navigation), through LazyPrismLines.
import type {ReactNode} from 'react';
import {Highlight, Prism, type PrismTheme} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import Line from '@theme/CodeBlock/Line';
import type {CodeLinesProps} from './lines';

prismIncludeLanguages(Prism);

/** Tokens carry Prism's class names only; their colours come from the code theme stylesheet (plugins/prism-on-demand). */
const classNamesOnly: PrismTheme = {plain: {}, styles: []};

export default function PrismLines({code, language, lineClassNames, showLineNumbers}: CodeLinesProps): ReactNode {
  return (
    <Highlight theme={classNamesOnly} code={code} language={language}>
      {({tokens, getLineProps, getTokenProps}) => (
        <>
          {tokens.map((line, i) => (
            <Line key={i} line={line} getLineProps={getLineProps} getTokenProps={getTokenProps} classNames={lineClassNames[i]} showLineNumbers={showLineNumbers} />
          ))}
        </>
      )}
    </Highlight>
  );
}
