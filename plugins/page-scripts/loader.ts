import {FIRST_SCRIPT_ATTRIBUTE, FIRST_SCRIPT_DONE_EVENT} from './first-script';

export {FIRST_SCRIPT_ATTRIBUTE, FIRST_SCRIPT_DONE_EVENT};

/** Id of the JSON data block that lists a page's scripts, in the order they must run. */
export const PAGE_SCRIPTS_ID = 'page-scripts';

/** Longest the loader waits for the first contentful paint before it starts the scripts anyway. */
export const MAX_WAIT_MS = 3000;

/**
 * Attribute a page sets on <html> (through Docusaurus's Head) when what it shows first needs its scripts, as the
 * search page's results do: the loader then starts them at once instead of after the first paint.
 */
export const EAGER_SCRIPTS_ATTRIBUTE = 'data-eager-scripts';

/** Event the loader dispatches on document once every page script has loaded or failed. */
export const SCRIPTS_SETTLED_EVENT = 'page-scripts-settled';

/**
 * Starts the page's scripts once the page has painted its first content, in order, and announces when they have
 * settled. Until then the HTML, the stylesheet and the font have the network to themselves: on a slow connection the
 * text appears sooner, and the site becomes interactive a moment later than with `defer`. A page opened in a
 * background tab paints nothing, so it starts at once, as does a page marked with EAGER_SCRIPTS_ATTRIBUTE; a page
 * with a first script (FIRST_SCRIPT_ATTRIBUTE) starts that script at once and its page scripts when it is done; without
 * paint timing it starts after the first frame, and it never waits longer than `MAX_WAIT_MS`. Plain ES5: it runs
 * before anything else.
 */
export const loaderScript = `(function () {
  var scripts = JSON.parse(document.getElementById('${PAGE_SCRIPTS_ID}').textContent);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var pending = scripts.length;
    function settled() {
      pending -= 1;
      if (pending === 0) document.dispatchEvent(new Event('${SCRIPTS_SETTLED_EVENT}'));
    }
    scripts.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      script.onload = settled;
      script.onerror = settled;
      document.head.appendChild(script);
    });
  }
  setTimeout(start, ${MAX_WAIT_MS});
  var first = document.documentElement.getAttribute('${FIRST_SCRIPT_ATTRIBUTE}');
  if (first) {
    document.addEventListener('${FIRST_SCRIPT_DONE_EVENT}', start);
    var script = document.createElement('script');
    script.src = first;
    script.onerror = start;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden' || document.documentElement.hasAttribute('${EAGER_SCRIPTS_ATTRIBUTE}')) return start();
  if (first) return;
  var paintTiming = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  if (paintTiming) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        setTimeout(start, 0);
      }
    }).observe({type: 'paint', buffered: true});
  } else {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
})();`;

/** The first script a built page's HTML asks the loader to run (FIRST_SCRIPT_ATTRIBUTE), or null. */
export function firstScriptUrl(html: string): string | null {
  return html.match(new RegExp(`<html\\b[^>]*\\b${FIRST_SCRIPT_ATTRIBUTE}=["']?([^"'\\s>]+)`))?.[1] ?? null;
}

/** The script URLs a built page's HTML asks the loader to run, read back from its data block (checks, benchmarks). */
export function pageScriptUrls(html: string): string[] {
  const block = html.match(new RegExp(`<script[^>]*\\bid=["']?${PAGE_SCRIPTS_ID}["']?[^>]*>([\\s\\S]*?)</script>`));
  if (!block) return [];
  const urls: unknown = JSON.parse(block[1]);
  if (!Array.isArray(urls) || !urls.every((url) => typeof url === 'string')) throw new Error(`#${PAGE_SCRIPTS_ID} is not a list of script URLs`);
  return urls;
}
