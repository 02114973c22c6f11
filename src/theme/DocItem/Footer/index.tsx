// Wraps the doc footer to end every doc page with "Was this page helpful?" (the docs home asks nothing).
import type {ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {paths} from '@site/src/site';
import {LazyPageFeedback} from '@site/src/features/page-feedback/LazyPageFeedback';

export default function DocItemFooterWrapper(): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <Footer />
      {metadata.permalink !== paths.docsHome && <LazyPageFeedback page={metadata.permalink} />}
    </>
  );
}
