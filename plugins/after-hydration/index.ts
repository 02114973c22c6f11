import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapsPlugin, type ModuleSwap} from '../module-swap';

/**
 * Once a page has hydrated, Docusaurus learns that it runs in a browser (useIsBrowser) and how wide the window is
 * (useWindowSize), and sets both from effects. React renders updates made in effects in one uninterruptible pass, and
 * on a phone these two change the most (code blocks, sidebar categories, the table of contents, the navbar's menu):
 * that pass was the longest task of a doc page's load. The stand-ins set the same values as transitions, which React
 * renders in slices between which the browser answers input. Browser bundle only: the server render has no effects.
 */
const swaps: ModuleSwap[] = [
  {
    name: 'datahub-browser-context',
    module: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]browserContext(\.js)?$/,
    replacement: path.join(__dirname, 'browser-context.js'),
    browserOnly: true,
  },
  {
    name: 'datahub-window-size',
    module: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize(\.js)?$/,
    replacement: path.join(__dirname, 'use-window-size.js'),
    browserOnly: true,
  },
];

export default function afterHydrationPlugin(): Plugin {
  return moduleSwapsPlugin('datahub-after-hydration', swaps);
}
