import Head from '@docusaurus/Head';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type ErrorPageContentType from '@theme/ErrorPageContent';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof ErrorPageContentType>;

/** The crash page inside the layout, titled as the spec's crash page is ("Page Error"), not as the page that crashed. */
export default function ErrorPageContentWrapper(props: Props) {
  return (
    <>
      <Head>
        <title>Page Error</title>
      </Head>
      <ErrorPageContent {...props} />
    </>
  );
}
