import {TITLE_SEPARATOR} from '../../../lib/search/types';
import {isSitePath} from './safe-url';

/** A source of an answer (spec section 3): id as the server sent it, the page path, and its title as the page shows it. */
export interface DocReference {
  /** `/docs/x#anchor`: also the link target. */
  id: string;
  path: string;
  anchor: string | null;
  title: string;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Words of a slug or anchor as a sentence: `step-3-create-a-token` -> `Step 3 create a token`. */
export function humanizeSlug(slug: string): string {
  const words = decode(slug).replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Page titles and the section headings their anchors do not spell (plugins/doc-titles). */
export interface TitleLookup {
  pages: Readonly<Record<string, string>>;
  headings: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * The reference for an id, titled "Page title › Heading" from the build's lookup (a heading it does not list is
 * the anchor read as words, and a page it does not know is titled from its path), or null for an id that is not a
 * site path, which is never linked.
 */
export function toDocReference(id: string, lookup: TitleLookup): DocReference | null {
  if (!isSitePath(id)) return null;
  const hashAt = id.indexOf('#');
  const rawPath = hashAt === -1 ? id : id.slice(0, hashAt);
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const anchor = hashAt === -1 ? null : id.slice(hashAt + 1) || null;
  const pageTitle = lookup.pages[path] ?? lookup.pages[`${path}/`] ?? humanizeSlug(path.split('/').filter(Boolean).at(-1) ?? path);
  const heading = anchor ? lookup.headings[path]?.[anchor] ?? humanizeSlug(anchor) : null;
  return {id, path, anchor, title: heading ? `${pageTitle}${TITLE_SEPARATOR}${heading}` : pageTitle};
}

/** References to show: site paths only, each id once, in the server's order. */
export function toDocReferences(ids: readonly string[], lookup: TitleLookup): DocReference[] {
  const seen = new Set<string>();
  return ids.flatMap((id) => {
    const reference = seen.has(id) ? null : toDocReference(id, lookup);
    seen.add(id);
    return reference ? [reference] : [];
  });
}
