import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwapPlugin} from '../module-swap';

/**
 * Swaps the theme's route progress bar (its client module, which imports nprogress into every page's first load) for
 * one that shows the same bar after the same delay but downloads nprogress on the first client-side navigation
 * (`./client.js`): a page that is only read never needs it.
 */
export default function progressBarPlugin(): Plugin {
  return moduleSwapPlugin({
    name: 'datahub-progress-bar',
    module: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]nprogress(\.js)?$/,
    replacement: path.join(__dirname, 'client.js'),
    browserOnly: true,
    // The theme's stylesheet for the bar, which its package's exports map does not list.
    alias: {'theme-progress-bar.css$': require.resolve('@docusaurus/theme-classic/lib/nprogress.css')},
  });
}
