import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapsPlugin, type ModuleSwap} from '../module-swap';

/**
 * Swaps the browser entry of @docusaurus/core (it evaluates the app, preloads the route and hydrates the page) for
 * one that takes the same steps with a yield to the browser between them (`./entry.js`), so that starting the site
 * is several short tasks instead of one long one; and its route preloader (the entry's first render, and
 * window.docusaurus.preload before a client-side navigation) for one that starts each route layer's chunks in a task
 * of its own (`./preload-route.js`).
 */
const swaps: ModuleSwap[] = [
  {
    name: 'datahub-client-startup',
    module: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry(\.js)?$/,
    replacement: path.join(__dirname, 'entry.js'),
    browserOnly: true,
  },
  {
    name: 'datahub-route-preload',
    module: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload(\.js)?$/,
    replacement: path.join(__dirname, 'preload-route.js'),
    browserOnly: true,
  },
];

export default function clientStartupPlugin(): Plugin {
  return moduleSwapsPlugin('datahub-client-startup', swaps);
}
