// Swizzled (eject): the code colours of both modes come from the code theme stylesheet (plugins/prism-on-demand)
// instead of inline variables, which hydration would leave in the mode the HTML was rendered in.
import type {ComponentProps, ElementType, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';

/**
 * The rendered height of a block as measured on the built pages: 2rem of padding, 1.334rem a line, 3.07rem for a
 * title bar. Offscreen blocks skip layout (`content-visibility: auto` in custom.scss) and take this as their
 * placeholder, so a block that comes into view does not push what follows it (a button the pointer is on) aside.
 */
export function placeholderHeight(lines: number, hasTitle: boolean): string {
  return `calc(${2 + lines * 1.334 + (hasTitle ? 3.07 : 0)}rem)`;
}

type ContainerProps<T extends ElementType> = {as: T} & ComponentProps<T>;

/** The theme's block layout renders the container inside the block's context, which knows its code and title. */
function SizedContainer<T extends ElementType>({as: As, ...props}: ContainerProps<T>): ReactNode {
  const {metadata} = useCodeBlockContext();
  const size = `auto ${placeholderHeight(metadata.code.split('\n').length, !!metadata.title)}`;
  return <As {...props} style={{...props.style, containIntrinsicBlockSize: size}} className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)} />;
}

export default function CodeBlockContainer<T extends ElementType>({as: As, ...props}: ContainerProps<T>): ReactNode {
  // A `div` container is the block layout's (string code, with context); a `pre` wraps element children, without.
  if (As === 'div') return <SizedContainer as={As} {...props} />;
  return <As {...props} className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)} />;
}
