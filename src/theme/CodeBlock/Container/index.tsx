// Swizzled (eject): the code colours of both modes come from the code theme stylesheet (plugins/prism-on-demand)
// instead of inline variables, which hydration would leave in the mode the HTML was rendered in.
import type {ComponentProps, ElementType, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';

export default function CodeBlockContainer<T extends ElementType>({as: As, ...props}: {as: T} & ComponentProps<T>): ReactNode {
  return <As {...props} className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)} />;
}
