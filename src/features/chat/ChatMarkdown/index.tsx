import {useMemo, type ComponentType, type ReactNode} from 'react';
import Markdown, {type Components} from 'react-markdown';
import remarkGfm from 'remark-gfm';
import {ScrollableTable} from '../../../components/ScrollableTable';
import {chatText} from '../../../site';
import {answerCodeOf, remarkOpenFences, type AnswerCode} from '../answer-code';
import {isSitePath, safeUrl} from '../safe-url';
import styles from './styles.module.css';

/** How a site path is linked: the dialog passes Docusaurus Link, tests a plain anchor. */
export type InternalLinkComponent = ComponentType<{to: string; children?: ReactNode}>;
/** How a code block is rendered: the dialog passes the site's code block (loaded with the dialog), tests a plain one. */
export type CodeBlockComponent = ComponentType<AnswerCode>;

const remarkPlugins = [remarkGfm];
/** While the answer streams, its last code block may still be open; an answer that ended (even stopped) has none. */
const streamingRemarkPlugins = [remarkGfm, remarkOpenFences];

function SafeLink({href, children, InternalLink}: {href?: string; children?: ReactNode; InternalLink: InternalLinkComponent}) {
  // safeUrl removed the address: the text stays, inert.
  if (!href) return <span className={styles.inert}>{children}</span>;
  if (isSitePath(href)) return <InternalLink to={href}>{children}</InternalLink>;
  if (!/^https?:/i.test(href)) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className={styles.visuallyHidden}> {chatText.opensInNewTab}</span>
    </a>
  );
}

/**
 * Element overrides: links by kind; images become links, so an answer never loads an address by itself; code blocks
 * through the given component, with their language, title and whether their fence is still open; tables as on doc
 * pages, a tab stop when they scroll sideways.
 */
export function markdownComponents(InternalLink: InternalLinkComponent, CodeBlock: CodeBlockComponent): Components {
  return {
    a: ({href, children}) => <SafeLink href={href} InternalLink={InternalLink}>{children}</SafeLink>,
    img: ({src, alt}) => <SafeLink href={typeof src === 'string' ? src : undefined} InternalLink={InternalLink}>{alt || src || ''}</SafeLink>,
    pre: ({node, children}) => {
      const code = answerCodeOf(node);
      return code ? <CodeBlock {...code} /> : <pre>{children}</pre>;
    },
    table: ({node: _node, ...props}) => <ScrollableTable {...props} />,
  };
}

/**
 * An answer rendered as GitHub-flavoured markdown. Raw HTML is skipped, and
 * every link and image address goes through safeUrl (only http, https, mailto,
 * tel, relative, anchor and query addresses survive).
 */
interface ChatMarkdownProps {
  markdown: string;
  InternalLink: InternalLinkComponent;
  CodeBlock: CodeBlockComponent;
  /** The answer is still arriving. */
  streaming?: boolean;
}

export function ChatMarkdown({markdown, InternalLink, CodeBlock, streaming = false}: ChatMarkdownProps) {
  // Stable while the answer streams, so React keeps each block (and its highlighted lines) from one chunk to the next.
  const components = useMemo(() => markdownComponents(InternalLink, CodeBlock), [InternalLink, CodeBlock]);
  return (
    <div className={styles.markdown}>
      <Markdown remarkPlugins={streaming ? streamingRemarkPlugins : remarkPlugins} skipHtml urlTransform={safeUrl} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
