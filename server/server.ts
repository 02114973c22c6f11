import {existsSync} from 'node:fs';
import path from 'node:path';
import {readConfig} from './config';

async function main() {
  const config = readConfig();
  // Checked before the server's modules load, so a fresh clone hears at once what to run.
  if (config.serveStatic && !existsSync(path.join(config.buildDir, 'index.html'))) {
    throw new Error(`No production build in ${config.buildDir}. Run "npm run build" first, set BUILD_DIR, or set SERVE_STATIC=false to run the API alone.`);
  }
  const [{buildApp}, {createServices}] = await Promise.all([import('./app'), import('./services')]);
  const services = await createServices(config);
  const app = await buildApp(config, services, {logger: true});
  const shutdown = async () => {
    await app.close();
    await services.store.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    await app.listen({port: config.port, host: config.host});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`PORT: ${config.port} on ${config.host} is already in use. Stop what listens there, or start with another PORT (for example PORT=${config.port + 1}; under npm start, the API's port is API_PORT).`);
    }
    throw error;
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
