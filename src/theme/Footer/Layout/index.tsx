// Wraps the footer's layout to put the "Ask our AI" button (spec section 2: "in the footer area") inside the footer
// itself, first, so it stands on the footer's own colours in both modes and is the first thing a reader reaches there.
import type {ReactNode} from 'react';
import FooterLayout from '@theme-original/Footer/Layout';
import type FooterLayoutType from '@theme/Footer/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {AskAiButton} from '@site/src/features/chat/AskAiButton';

type Props = WrapperProps<typeof FooterLayoutType>;

export default function FooterLayoutWrapper(props: Props): ReactNode {
  return (
    <FooterLayout
      {...props}
      links={
        <>
          <AskAiButton />
          {props.links}
        </>
      }
    />
  );
}
