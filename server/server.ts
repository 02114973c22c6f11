import {existsSync} from 'node:fs';
import {createServer} from 'node:net';
import path from 'node:path';
import {readConfig} from './config';
import {explainListenError} from './listen-errors';
import {keepQueryLogFor} from './query-log/retention';

/** Binds the address once and lets it go: a taken port or a wrong host is then reported in a moment, not after the chat's workers have loaded. */
function checkCanListen(port: number, host: string): Promise<void> {
  const probe = createServer();
  return new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({port, host, exclusive: true}, () => probe.close(() => resolve()));
  });
}

async function main() {
  const config = readConfig();
  // Checked before the server's modules load, so a fresh clone hears at once what to run.
  if (config.serveStatic && !existsSync(path.join(config.buildDir, 'index.html'))) {
    throw new Error(`No production build in ${config.buildDir}. Run "npm run build" first, set BUILD_DIR, or set SERVE_STATIC=false to run the API alone.`);
  }
  const listenErrorContext = {
    port: config.port,
    host: config.host,
    portVariable: 'PORT',
    hostVariable: 'HOST',
    portHint: `Stop what listens there, or start with another PORT (for example PORT=${config.port + 1}; under npm start, the API's port is API_PORT).`,
  };
  await checkCanListen(config.port, config.host).catch((error: unknown) => {
    throw explainListenError(error, listenErrorContext);
  });
  const [{buildApp}, {createServices}, {serveMetrics}] = await Promise.all([import('./app'), import('./services'), import('./metrics')]);
  const services = await createServices(config);
  const stopRetention = await keepQueryLogFor(services.store, config.queryLogRetentionDays, (message, error) =>
    console.error(`${message}${error ? `: ${error instanceof Error ? error.message : String(error)}` : ''}`),
  );
  // JSON access lines on stdout, one per request (see server/access-log.ts for what they never hold).
  const app = await buildApp(config, services, {logger: true});
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  const shutdown = async () => {
    stopRetention();
    await app.close();
    await metricsServer?.close();
    await services.store.close();
    await services.sharedLimits?.close();
    await services.chatPool?.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    await app.listen({port: config.port, host: config.host});
  } catch (error) {
    throw explainListenError(error, listenErrorContext);
  }
  if (config.metrics) {
    metricsServer = await serveMetrics(app.metrics, config.metrics);
    app.log.info(`Prometheus metrics on ${metricsServer.url}`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
