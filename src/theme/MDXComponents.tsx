// Swizzled (wrap) to render Markdown tables with ScrollableTable, keyboard-scrollable when they overflow.
import MDXComponents from '@theme-original/MDXComponents';
import {ScrollableTable} from '@site/src/components/ScrollableTable';

export default {...MDXComponents, table: ScrollableTable};
