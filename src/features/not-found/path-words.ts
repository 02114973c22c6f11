/** The words of a mistyped path, as a search query: "/docs/generated/ingestion/sorces/snowflak" → "sorces snowflak". */
export function pathWords(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: search for the path as written.
  }
  const segments = decoded
    .replace(/\.html?$/i, '')
    .split('/')
    .filter(Boolean);
  // "docs" and "generated" name where every page lives, not what the reader was looking for.
  const meaningful = segments.filter((segment, i) => !(i === 0 && segment === 'docs') && segment !== 'generated' && segment !== 'index');
  return meaningful
    .join(' ')
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
