/** Window property through which the early listener hands a search shortcut pressed before hydration to the search bar. */
export const EARLY_SHORTCUT_GLOBAL = '__datahubEarlySearch';

type EarlyShortcutWindow = Window & {[EARLY_SHORTCUT_GLOBAL]?: () => string | null};

/**
 * Inline script of every page (plugins/page-scripts puts it before the loader): the search bar listens for Ctrl/Cmd+K
 * and "/" only once the page has hydrated, a second or more after it is shown. Until then this listener remembers the
 * shortcut and the keys typed after it (they become the query, as the search bar does while the modal's code loads),
 * and hands them over through EARLY_SHORTCUT_GLOBAL, which also removes it. Plain ES5, a few hundred bytes.
 */
export const earlyShortcutScript = `(function () {
  var query = null;
  function onKeyDown(event) {
    var key = event.key;
    var command = event.ctrlKey || event.metaKey;
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if ((key === 'k' || key === 'K') && command) query = query === null ? '' : query;
    else if (query === null) {
      if (key !== '/' || typing) return;
      query = '';
    } else if (typing || command || event.altKey) return;
    else if (key === 'Escape') query = null;
    else if (key === 'Backspace') query = query.slice(0, -1);
    else if (key.length === 1) query += key;
    else return;
    event.preventDefault();
  }
  window.addEventListener('keydown', onKeyDown);
  window.${EARLY_SHORTCUT_GLOBAL} = function () {
    window.removeEventListener('keydown', onKeyDown);
    window.${EARLY_SHORTCUT_GLOBAL} = function () { return null; };
    return query;
  };
})();`;

/**
 * Stops the early listener and returns what it caught: the query typed after a shortcut pressed before the search bar
 * was listening ('' for the shortcut alone), or null when none was pressed (or the page has no early listener).
 */
export function takeEarlyShortcut(): string | null {
  return (window as EarlyShortcutWindow)[EARLY_SHORTCUT_GLOBAL]?.() ?? null;
}
