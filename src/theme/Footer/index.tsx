// Wraps the theme footer to add the "Ask our AI" button to every page that has a footer (spec section 2).
import type {ReactNode} from 'react';
import Footer from '@theme-original/Footer';
import type FooterType from '@theme/Footer';
import type {WrapperProps} from '@docusaurus/types';
import {AskAiButton} from '@site/src/features/chat/AskAiButton';

type Props = WrapperProps<typeof FooterType>;

export default function FooterWrapper(props: Props): ReactNode {
  return (
    <>
      <Footer {...props} />
      <AskAiButton />
    </>
  );
}
