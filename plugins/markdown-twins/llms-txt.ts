/**
 * `/llms.txt` (the llms.txt format: an h1 title, a one-paragraph summary in a block quote, then h2 sections of link
 * lists) and `/llms-full.txt` (every page's Markdown in sidebar order, each headed by its URL).
 */

/** One doc page as the llms files list it. */
export interface TwinPage {
  route: string;
  title: string;
  description: string;
  /** Absolute URL of the page's Markdown twin. */
  twinUrl: string;
  /** The twin's text. */
  markdown: string;
}

/** A sidebar group of pages, in sidebar order. */
export interface TwinSection {
  title: string;
  pages: TwinPage[];
}

/** One line, with no Markdown that would break the list item. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The llms.txt index: every page once, under the sidebar group that first lists it. */
export function llmsTxt(site: {title: string; summary: string}, sections: readonly TwinSection[]): string {
  const parts = [`# ${site.title}`, '', `> ${oneLine(site.summary)}`, ''];
  for (const section of sections) {
    if (section.pages.length === 0) continue;
    parts.push(`## ${oneLine(section.title)}`, '');
    for (const page of section.pages) {
      const description = oneLine(page.description);
      parts.push(`- [${oneLine(page.title)}](${page.twinUrl})${description ? `: ${description}` : ''}`);
    }
    parts.push('');
  }
  return `${parts.join('\n').trim()}\n`;
}

/** Every page's Markdown in the order of the sections, each headed by the page's URL. */
export function llmsFullTxt(siteUrl: string, sections: readonly TwinSection[]): string {
  const pages = sections.flatMap((section) => section.pages);
  return `${pages.map((page) => `URL: ${siteUrl}${page.route}\n\n${page.markdown.trim()}\n`).join('\n---\n\n')}`;
}
