import type {Plugin} from '@docusaurus/types';

export interface ModuleSwap {
  /** Plugin name, as Docusaurus reports it. */
  name: string;
  /** Matches the request, or the resolved file, of the module to swap. */
  module: RegExp;
  /** Absolute path of the stand-in. Plain JavaScript: it is compiled with the loaders of the module it replaces. */
  replacement: string;
  /** Swap in the browser bundle only (the server render keeps the original). */
  browserOnly: boolean;
  /** Import aliases the stand-in needs, for instance to reach the original module past a package's exports map. */
  alias?: Record<string, string>;
}

/** A plugin that puts a stand-in module of ours in the place of a framework or library module. */
export function moduleSwapPlugin({name, module, replacement, browserOnly, alias}: ModuleSwap): Plugin {
  return {
    name,
    configureWebpack(_config, isServer, {currentBundler}) {
      if (browserOnly && isServer) return {};
      return {
        ...(alias ? {resolve: {alias}} : {}),
        plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(module, replacement)],
      };
    },
  };
}

/** One plugin making several swaps that belong together (each keeps its own name in the ModuleSwap). */
export function moduleSwapsPlugin(name: string, swaps: readonly ModuleSwap[]): Plugin {
  const plugins = swaps.map(moduleSwapPlugin);
  return {
    name,
    configureWebpack(...args) {
      const configs = plugins.map((plugin) => plugin.configureWebpack?.(...args) ?? {});
      const alias = Object.assign({}, ...configs.map((config) => config.resolve?.alias ?? {}));
      return {
        ...(Object.keys(alias).length ? {resolve: {alias}} : {}),
        plugins: configs.flatMap((config) => config.plugins ?? []),
      };
    },
  };
}
