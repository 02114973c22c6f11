// plugins/prism-on-demand points this module at src/features/code/PrismLines when the site is rendered to HTML and
// at src/features/code/LazyPrismLines in the browser.
declare module 'code-block-lines' {
  import type {ReactNode} from 'react';
  import type {CodeLinesProps} from '@site/src/features/code/lines';

  export default function CodeLines(props: CodeLinesProps): ReactNode;
}
