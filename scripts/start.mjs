// `npm start`: the API server (port 3001, API only) and the Docusaurus dev server (port 3000), which proxies the API
// paths to it, so the whole site with its chat and query log runs at one URL.
import {spawn} from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'server/server.ts'], {stdio: 'inherit', env: {...process.env, PORT: apiPort, HOST: '127.0.0.1', SERVE_STATIC: 'false'}}),
  spawn('npx', ['docusaurus', 'start', ...process.argv.slice(2)], {stdio: 'inherit', env: {...process.env, API_PORT: apiPort}}),
];
const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
