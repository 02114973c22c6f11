import type {Plugin} from '@docusaurus/types';
import {chatService} from '../../src/site';

/** Under `docusaurus start`, forwards the API paths to the API server that `npm start` runs beside it. */
export default function devApiProxyPlugin(): Plugin {
  return {
    name: 'datahub-dev-api-proxy',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer || process.env.NODE_ENV === 'production' || !currentBundler) return {};
      const target = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
      return {devServer: {proxy: [{context: [chatService.completionsUrl, chatService.queryLogUrl, chatService.pageFeedbackUrl], target}]}} as object;
    },
  };
}
