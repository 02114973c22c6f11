// `npm start`: the API server (port 3001, API only) and the Docusaurus dev server (port 3000), which proxies the API
// paths to it, so the whole site with its chat and query log runs at one URL.
import {spawn} from 'node:child_process';
import {setTimeout as sleep} from 'node:timers/promises';

const apiPort = process.env.API_PORT ?? '3001';
const API_READY_TIMEOUT_MS = 60_000;

// Each child leads its own process group, so stopping it stops what npx started under it too (tsx, node), and no
// API is left holding its port after the dev server has gone.
const children = [];
const launch = (args, env) => {
  const child = spawn('npx', args, {stdio: 'inherit', detached: true, env: {...process.env, ...env}});
  children.push(child);
  child.on('exit', (code) => stop(code ?? 0));
  return child;
};
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

launch(['tsx', 'server/server.ts'], {PORT: apiPort, HOST: '127.0.0.1', SERVE_STATIC: 'false'});

// The dev server starts once the API listens: were 3000 taken, Docusaurus could otherwise offer the API's port.
const started = Date.now();
while (!stopping) {
  const ready = await fetch(`http://127.0.0.1:${apiPort}/healthz`).then((r) => r.ok, () => false);
  if (ready) break;
  if (Date.now() - started > API_READY_TIMEOUT_MS) {
    console.error(`The API server did not answer on 127.0.0.1:${apiPort} within ${API_READY_TIMEOUT_MS / 1000} s; see its messages above.`);
    stop(1);
  }
  await sleep(200);
}
launch(['docusaurus', 'start', ...process.argv.slice(2)], {API_PORT: apiPort});
