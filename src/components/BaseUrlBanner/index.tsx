import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {PAGE_SCRIPTS_ID, SCRIPTS_SETTLED_EVENT} from '@site/plugins/page-scripts/loader';
import {baseUrlBanner} from '@site/src/site';

/**
 * The banner's script: once the page scripts have settled without starting the site (window.docusaurus unset), it
 * shows what went wrong and the base URL that would match the address the reader used. Built with DOM calls, never
 * rendered by React: search engines must not index it, and the site's own code is what failed to run. A page built
 * without the page-scripts loader (SITE_OPTIMIZATIONS=off) has Docusaurus's deferred scripts, which have all run or
 * failed by DOMContentLoaded.
 */
function bannerScript(baseUrl: string): string {
  const text = JSON.stringify({...baseUrlBanner, baseUrl}).replace(/</g, '\\u003c');
  return `(function () {
document.addEventListener('DOMContentLoaded', function () {
  if (!document.getElementById('${PAGE_SCRIPTS_ID}')) showUnlessStarted();
});
document.addEventListener('${SCRIPTS_SETTLED_EVENT}', showUnlessStarted);
function showUnlessStarted() {
  if (typeof window.docusaurus !== 'undefined') return;
  var t = ${text};
  var path = window.location.pathname;
  var suggestion = path.slice(-1) === '/' ? path : path + '/';
  var banner = document.createElement('div');
  banner.id = '${baseUrlBanner.id}';
  banner.setAttribute('role', 'alert');
  banner.style.cssText = 'margin:1rem;padding:1rem 1.25rem;border:4px solid #a8071a;background:#fff1f0;color:#141414;font-size:1.1rem;';
  function line(parts) {
    var p = document.createElement('p');
    parts.forEach(function (part) {
      var span = document.createElement(part.strong ? 'strong' : 'span');
      if (part.id) span.id = part.id;
      span.textContent = part.text;
      p.appendChild(span);
    });
    banner.appendChild(p);
  }
  line([{text: t.heading, strong: true}]);
  line([{text: t.cause}]);
  line([{text: t.configured + ' '}, {text: t.baseUrl, strong: true}]);
  line([{text: t.suggested + ' '}, {text: suggestion, strong: true, id: '${baseUrlBanner.suggestionId}'}]);
  document.body.prepend(banner);
}
})();`;
}

/**
 * Base-URL misconfiguration banner of the home page (spec section 8): appears only when the site scripts fail. The
 * script sits in the page body rather than the head manager, which would insert it again in the browser (as a
 * differently minified copy the Content-Security-Policy does not allow); React never runs a script it renders
 * itself, so only the static HTML's copy runs, before the page-scripts loader at the end of the body.
 */
export function BaseUrlBanner(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return <script dangerouslySetInnerHTML={{__html: bannerScript(siteConfig.baseUrl)}} />;
}
