import type {Element, ElementContent} from 'hast';
import type {Code, Root, RootContent} from 'mdast';

/** A code block of an answer: what the dialog needs to render it as the doc pages render theirs. */
export interface AnswerCode {
  /** The code as written, without the newline that ends its last line. */
  code: string;
  /** The first word of the fence's info string (`python`), when there is one. */
  language?: string;
  /** The rest of the info string (`title="add_owner.py"`), read by the code block for its title. */
  metastring?: string;
  /** The fence has not been closed yet: the answer is still streaming this block's lines. */
  open: boolean;
}

/** The hast property the open-fence plugin sets on the `<code>` of a block whose fence is still open. */
const OPEN_PROPERTY = 'dataOpenFence';

/** Whether the markdown of a fenced code block (from its opening fence to its end) lacks its closing fence. */
export function isOpenFence(blockSource: string): boolean {
  const opening = /^[ \t]*(`{3,}|~{3,})/.exec(blockSource);
  // An indented block has no fence to close.
  if (!opening) return false;
  const lines = blockSource.split('\n');
  if (lines.length < 2) return true;
  // A block inside a list item or a quote carries the container's indentation or `>` on its closing line.
  const closing = /^[\s>]*(`{3,}|~{3,})[ \t]*$/.exec(lines.at(-1)!);
  const fence = opening[1];
  return !closing || closing[1][0] !== fence[0] || closing[1].length < fence.length;
}

function markOpenFences(node: Root | RootContent, source: string): void {
  if (node.type === 'code') {
    const {start, end} = node.position ?? {};
    if (start?.offset !== undefined && end?.offset !== undefined && isOpenFence(source.slice(start.offset, end.offset))) {
      const code: Code = node;
      code.data = {...code.data, hProperties: {...code.data?.hProperties, [OPEN_PROPERTY]: true}};
    }
    return;
  }
  if ('children' in node) for (const child of node.children) markOpenFences(child, source);
}

/**
 * Remark plugin: marks the code block whose fence is still open (an answer streaming its lines), so the dialog shows
 * its lines plain instead of running the highlighter again with every chunk that arrives.
 */
export function remarkOpenFences() {
  return (tree: Root, file: {value: unknown}) => markOpenFences(tree, String(file.value));
}

const textOf = (nodes: readonly ElementContent[]): string =>
  nodes.map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '')).join('');

/** The code block a `<pre>` of the rendered answer holds, or null when it holds no `<code>`. */
export function answerCodeOf(pre: Element | undefined): AnswerCode | null {
  const code = pre?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  if (!code) return null;
  const classNames = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
  const language = classNames.find((name) => name.startsWith('language-'))?.slice('language-'.length);
  const metastring = code.data?.meta ?? undefined;
  return {
    code: textOf(code.children).replace(/\n$/, ''),
    ...(language ? {language} : {}),
    ...(metastring ? {metastring} : {}),
    open: code.properties[OPEN_PROPERTY] === true,
  };
}
