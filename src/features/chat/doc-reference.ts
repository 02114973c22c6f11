import {isSitePath} from './safe-url';

/** A source of an answer (spec section 3): id as the server sent it, the page path, and a title derived from the path. */
export interface DocReference {
  /** `/docs/x#anchor`: also the link target. */
  id: string;
  path: string;
  anchor: string | null;
  title: string;
}

/** Separator between the page title and the section, as in search results. */
export const TITLE_SEPARATOR = ' › ';

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

/**
 * The reference for an id, titled from the build's route -> title map (the
 * section heading, when there is an anchor, is derived from the anchor), or
 * null for an id that is not a site path, which is never linked.
 */
export function toDocReference(id: string, titles: Readonly<Record<string, string>>): DocReference | null {
  if (!isSitePath(id)) return null;
  const hashAt = id.indexOf('#');
  const rawPath = hashAt === -1 ? id : id.slice(0, hashAt);
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const anchor = hashAt === -1 ? null : id.slice(hashAt + 1) || null;
  const pageTitle = titles[path] ?? titles[`${path}/`] ?? humanizeSlug(path.split('/').filter(Boolean).at(-1) ?? path);
  return {id, path, anchor, title: anchor ? `${pageTitle}${TITLE_SEPARATOR}${humanizeSlug(anchor)}` : pageTitle};
}

/** References to show: site paths only, each id once, in the server's order. */
export function toDocReferences(ids: readonly string[], titles: Readonly<Record<string, string>>): DocReference[] {
  const seen = new Set<string>();
  return ids.flatMap((id) => {
    const reference = seen.has(id) ? null : toDocReference(id, titles);
    seen.add(id);
    return reference ? [reference] : [];
  });
}
