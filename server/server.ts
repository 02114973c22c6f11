import {buildApp} from './app';
import {readConfig} from './config';

async function main() {
  const config = readConfig();
  const app = await buildApp(config, {logger: true});
  await app.listen({port: config.port, host: config.host});
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
