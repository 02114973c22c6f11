/**
 * `npx tsx tests/fakes/run-embeddings-server.ts [--port N]`: the tests' fake embeddings endpoint on its own, so that
 * `npm run serve` and `npm run eval -- --embeddings` can be tried without a model (its vectors are a hashed bag of
 * words: they show the wiring and the cost, not a model's quality). Prints the base URL; Ctrl+C stops it.
 */
import {parseArgs} from 'node:util';
import {startFakeEmbeddings} from './embeddings-server';

async function main() {
  const {values} = parseArgs({options: {port: {type: 'string', default: '0'}}});
  const fake = await startFakeEmbeddings(Number(values.port));
  console.log(`Fake embeddings endpoint: EMBEDDINGS_BASE_URL=${fake.url} EMBEDDINGS_MODEL=<any name>`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
