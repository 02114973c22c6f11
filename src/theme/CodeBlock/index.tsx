// Swizzled (eject) for two reasons: Prism languages register here, so Prism leaves the main bundle
// (plugins/prism-on-demand); and a block re-mounts after hydration only when the colour mode differs from the one
// the HTML was rendered in, instead of always (the theme re-tokenised every block on every page load).
import {Children, isValidElement, type ReactNode} from 'react';
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode, useThemeConfig} from '@docusaurus/theme-common';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

prismIncludeLanguages(Prism);

/** Plain string children when possible, so the block can be highlighted and copied (as in the theme). */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const {colorMode} = useColorMode();
  const {colorMode: {defaultMode}} = useThemeConfig();
  // The static HTML carries the default mode's token colours, and hydration keeps server attributes as they are:
  // a block in the other mode must re-mount once in the browser to take its colours.
  const renderedMode = isBrowser && colorMode !== defaultMode ? 'client' : 'server';
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent key={renderedMode} {...props}>
      {children}
    </StringContent>
  ) : (
    <ElementContent key={renderedMode} {...props}>
      {children}
    </ElementContent>
  );
}
