/** Small, pure helpers for writing CommonMark pages. */

/** Escapes a value for a GFM table cell (pipes, newlines). */
export function cell(value: unknown): string {
  return String(value ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

/** Renders a GFM table; an empty body yields an empty string. */
export function table(headers: string[], rows: unknown[][]): string {
  if (rows.length === 0) return '';
  const line = (values: unknown[]) => `| ${values.map(cell).join(' | ')} |`;
  return [line(headers), `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Inline code that survives backticks inside the value. */
export function code(value: string): string {
  const fence = value.includes('`') ? '``' : '`';
  return `${fence}${value.includes('`') ? ` ${value} ` : value}${fence}`;
}

/** A two-column "at a glance" table of facts about the page's subject. */
export function factsTable(rows: unknown[][]): string {
  return table(['Property', 'Value'], rows);
}

/** A fenced code block whose fence is longer than any backtick run inside. */
export function codeBlock(language: string, body: string, title?: string): string {
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}${title ? ` title="${title}"` : ''}\n${body.trimEnd()}\n${fence}`;
}

/** First sentence of a paragraph, shortened for a meta description. */
export function summary(paragraph: string, max = 160): string {
  const flat = paragraph.replace(/\s+/g, ' ').replace(/`/g, '').trim();
  const sentence = flat.match(/^.*?[.!?](\s|$)/)?.[0].trim() ?? flat;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** YAML front matter with JSON-quoted values (JSON strings are valid YAML). */
export function frontMatter(fields: Record<string, string | null>): string {
  const lines = Object.entries(fields).map(([k, v]) => `${k}: ${v === null ? 'null' : JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

/** A generated page: front matter, a provenance comment, then the body blocks. */
export function page(fields: Record<string, string | null>, source: string, blocks: Array<string | false | undefined>): string {
  const body = blocks.filter((b): b is string => Boolean(b && b.trim())).join('\n\n');
  return `${frontMatter({...fields, custom_edit_url: null})}\n<!-- Generated from ${source} by plugins/generate; edit the data file, not this page. -->\n\n${body}\n`;
}

export function bullets(items: string[]): string {
  return items.map((item) => `- ${item.replace(/\s*\n\s*/g, ' ')}`).join('\n');
}
