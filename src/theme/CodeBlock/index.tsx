// Swizzled (eject): the theme re-mounts every code block once the page has hydrated, so that blocks take the colours
// of the reader's colour mode. Code colours now come from a stylesheet keyed on the mode (plugins/prism-on-demand),
// so blocks keep the elements of the static HTML and Prism stays out of the page's scripts.
import {Children, isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/** Plain string children when possible, so the block can be highlighted and copied (as in the theme). */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? <StringContent {...props}>{children}</StringContent> : <ElementContent {...props}>{children}</ElementContent>;
}
