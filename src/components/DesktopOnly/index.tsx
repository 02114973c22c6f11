import type {ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useWindowSize} from '@docusaurus/theme-common';
import {windowSizeNow} from '@site/plugins/after-hydration/use-window-size';

/** An empty inner HTML: React leaves an element's server-written children alone while it hydrates such an element. */
const SERVER_CHILDREN = {__html: ''};

/**
 * The doc page's desktop sidebar and table of contents are in the server's HTML for desktop readers; below the
 * theme's breakpoint CSS hides them, and the theme stops rendering them once the page has hydrated. Hydrating them
 * first cost a phone's main thread for nothing (the Snowflake page's sidebar is a hundred links, each a component
 * with hooks). On a phone-sized window this renders, in their place, a bare `div` whose children stay as the server
 * wrote them, unhydrated, until the theme removes it. `children` must render a `div` as their root, so that the
 * element React claims while hydrating is the one the server wrote. A window made wider renders `children` for real.
 */
export function DesktopOnly({children}: {children: ReactNode}): ReactNode {
  const windowSize = useWindowSize();
  const phoneSized =
    windowSize === 'mobile' || (windowSize === 'ssr' && ExecutionEnvironment.canUseDOM && windowSizeNow() === 'mobile');
  if (!phoneSized) return children;
  return <div dangerouslySetInnerHTML={SERVER_CHILDREN} suppressHydrationWarning />;
}
