/** What a code block's lines need to render: the code, its Prism language and the per-line classes of its metadata. */
export interface CodeLinesProps {
  code: string;
  language: string;
  /** Classes per line index (highlighted lines, magic comments), from Docusaurus's code block metadata. */
  lineClassNames: Record<number, string[]>;
  showLineNumbers: boolean;
}
