import {codeBlockLabel} from '@site/src/site';

/**
 * What makes a code block's `<pre>` a named tab stop: scrollable blocks must be reachable with the keyboard, and a
 * group says what it holds when focused (a pre's own role takes no name). Both code block contents use it.
 */
export function codeBlockTabStop(title: unknown, language: string): {tabIndex: 0; role: 'group'; 'aria-label': string} {
  return {tabIndex: 0, role: 'group', 'aria-label': codeBlockLabel(typeof title === 'string' ? title : '', language)};
}
