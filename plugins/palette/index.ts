import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {paletteCss} from './palette-css';

/** Writes the generated palette stylesheet and loads it on every page. */
export default function palettePlugin(context: LoadContext): Plugin {
  const file = path.join(context.generatedFilesDir, 'palette', 'palette.css');
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, paletteCss());
  return {
    name: 'datahub-palette',
    getClientModules: () => [file],
  };
}
