import type {Plugin} from '@docusaurus/types';

export interface GeneratedRewrite {
  /** Plugin name, as Docusaurus reports it. */
  name: string;
  /** Matches the generated file (under .docusaurus/) whose browser copy is rewritten. */
  file: RegExp;
  /** Absolute path of the loader that rewrites it (plain CommonJS, run by the bundler). */
  loader: string;
  /** Module type of the loader's output, when it is not the file's own (JavaScript written for a JSON file). */
  type?: 'javascript/auto';
}

/**
 * A plugin that rewrites the browser's copy of a file Docusaurus generates, through a loader of ours; the server
 * render keeps the file as generated.
 */
export function generatedRewritePlugin({name, file, loader, type}: GeneratedRewrite): Plugin {
  return {
    name,
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {module: {rules: [{test: file, enforce: 'pre', ...(type ? {type} : {}), use: [{loader}]}]}};
    },
  };
}
