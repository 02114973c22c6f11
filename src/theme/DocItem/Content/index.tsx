// Ejected to put "Copy page" and "View as Markdown" under the page title (the original has no slot there).
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import MDXContent from '@theme/MDXContent';
import type {Props} from '@theme/DocItem/Content';
import {DocPageActions} from '@site/src/components/DocPageActions';

export default function DocItemContent({children}: Props): ReactNode {
  const {metadata, frontMatter, contentTitle} = useDoc();
  // As the theme does: a title from front matter unless hidden or the Markdown starts with its own h1.
  const syntheticTitle = !frontMatter.hide_title && typeof contentTitle === 'undefined' ? metadata.title : null;
  const actions = <DocPageActions permalink={metadata.permalink} />;
  return (
    <div className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}>
      {syntheticTitle ? (
        <header>
          <Heading as="h1">{syntheticTitle}</Heading>
          {actions}
        </header>
      ) : (
        actions
      )}
      <MDXContent>{children}</MDXContent>
    </div>
  );
}
