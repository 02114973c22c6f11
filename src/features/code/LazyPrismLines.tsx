// The browser's stand-in for PrismLines (swapped in by plugins/prism-on-demand): Prism loads with the first block
// that needs it, and the block shows its plain text until then.
import {lazy, Suspense, type ReactNode} from 'react';
import clsx from 'clsx';
import type {CodeLinesProps} from './lines';

const PrismLines = lazy(() => import('./PrismLines'));

function PlainLines({code, lineClassNames}: CodeLinesProps): ReactNode {
  return code.split('\n').map((text, i) => (
    <div key={i} className={clsx('token-line', lineClassNames[i])}>
      <span className="token plain">{text}</span>
      <br />
    </div>
  ));
}

export default function LazyPrismLines(props: CodeLinesProps): ReactNode {
  return (
    <Suspense fallback={<PlainLines {...props} />}>
      <PrismLines {...props} />
    </Suspense>
  );
}
