import {describe, expect, it} from 'vitest';
import {chatText} from '../src/site';
import {START_RESPONSE_MARKER} from '../contract/completions';
import {bundleBudgets, DOC_PAGE_CEILING} from '../data/bundle-budgets';
import {budgetProblems, featuresIn, initialAssets} from './check-budgets';

describe('initialAssets', () => {
  it('reads script src, stylesheets and script/style preloads, quoted or not, in order and once each', () => {
    const html =
      '<link rel=icon href=/img/logo.png><link rel="stylesheet" href="/assets/css/styles.css">' +
      '<script type=application/ld+json>{}</script><script src=/assets/js/runtime~main.js defer></script>' +
      "<link rel='preload' as='script' href='/assets/js/route.js'><link rel=preload as=image href=/img/logo.svg>" +
      '<link rel=modulepreload href=/assets/js/mod.js><script src=/assets/js/runtime~main.js></script><script>inline()</script>';
    expect(initialAssets(html)).toEqual([
      {kind: 'style', href: '/assets/css/styles.css'},
      {kind: 'script', href: '/assets/js/runtime~main.js'},
      {kind: 'script', href: '/assets/js/route.js'},
      {kind: 'script', href: '/assets/js/mod.js'},
    ]);
  });

  it('counts a stylesheet written into the page by the file it names, and no other inline style', () => {
    const html = '<style>@font-face{font-family:X}</style><link rel=stylesheet href=/assets/css/styles.css><style data-href="/assets/css/home.css">.hero_a{color:red}</style>';
    expect(initialAssets(html)).toEqual([
      {kind: 'style', href: '/assets/css/styles.css'},
      {kind: 'style', href: '/assets/css/home.css'},
    ]);
  });

  it('counts the scripts the page-scripts loader starts, which have no tags of their own', () => {
    const html =
      '<link rel=stylesheet href=/assets/css/styles.css><div id=__docusaurus></div>' +
      '<script type=application/json id=page-scripts>["/assets/js/runtime~main.js","/assets/js/main.js"]</script><script>loader()</script>';
    expect(initialAssets(html)).toEqual([
      {kind: 'style', href: '/assets/css/styles.css'},
      {kind: 'script', href: '/assets/js/runtime~main.js'},
      {kind: 'script', href: '/assets/js/main.js'},
    ]);
  });
});

describe('featuresIn', () => {
  it('finds the search engine library and the chat dialog by their own strings', () => {
    expect(featuresIn('throw new Error(`MiniSearch: duplicate ID ${id}`)', ['search engine', 'chat'])).toEqual(['search engine']);
    expect(featuresIn('see https://github.com/remarkjs/react-markdown#changelog', ['search engine', 'chat'])).toEqual(['chat']);
    expect(featuresIn(`split("${START_RESPONSE_MARKER}")`, ['chat'])).toEqual(['chat']);
  });

  it('lets the site constants through: the chat button and search button on every page import them', () => {
    const constants = `{buttonLabel:"${chatText.buttonLabel}",fetching:"${chatText.fetching}",feedbackQuestion:"${chatText.feedbackQuestion}"},"Search docs"`;
    expect(featuresIn(constants, ['search engine', 'chat'])).toEqual([]);
  });
});

describe('budgetProblems', () => {
  it('accepts the budgets in data/bundle-budgets.ts', () => {
    expect(budgetProblems(bundleBudgets)).toEqual([]);
  });

  it('refuses a doc page budget raised past DOC_PAGE_CEILING, and only for doc pages', () => {
    const raised = [
      {route: '/', maxGzipBytes: DOC_PAGE_CEILING + 1, mustNotContain: []},
      {route: '/docs/features', maxGzipBytes: DOC_PAGE_CEILING, mustNotContain: []},
      {route: '/docs/quickstart', maxGzipBytes: DOC_PAGE_CEILING + 1, mustNotContain: []},
    ];
    expect(budgetProblems(raised)).toEqual([expect.stringMatching(/^\/docs\/quickstart: .*past DOC_PAGE_CEILING/)]);
  });
});
