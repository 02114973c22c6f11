// `npm start`: the API server (port 3001, API only) and the Docusaurus dev server (port 3000), which proxies the API
// paths to it, so the whole site with its chat and query log runs at one URL.
import {spawn} from 'node:child_process';
import {createServer} from 'node:net';
import {setTimeout as sleep} from 'node:timers/promises';

// tsx compiles the server on start: seconds alone, minutes on a small machine busy with other work.
const API_READY_TIMEOUT_MS = 180_000;
const DEFAULT_API_PORT = 3001;
const DEFAULT_SITE_PORT = 3000;

/** Stops before anything starts, with one line saying what to change. */
function refuse(message) {
  console.error(message);
  process.exit(1);
}

/** A TCP port number from a variable or option, or a one-line stop naming where it came from. */
function parsePort(value, name) {
  const port = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!(port >= 1 && port <= 65535)) refuse(`${name} must be a port number from 1 to 65535 (got "${value}").`);
  return port;
}

/** The value of a `docusaurus start` option among the arguments after `--` (`--port 4000` or `--port=4000`). */
function optionValue(args, name) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i].startsWith(`${name}=`)) return args[i].slice(name.length + 1);
  }
  return undefined;
}

/** Whether something already listens on the port (any interface: the dev server and the API would both collide). */
function portTaken(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code === 'EADDRINUSE'));
    probe.listen({port}, () => probe.close(() => resolve(false)));
  });
}

const devArgs = process.argv.slice(2);
const apiPort = process.env.API_PORT === undefined ? DEFAULT_API_PORT : parsePort(process.env.API_PORT, 'API_PORT');
// Docusaurus takes its port from --port, else PORT, else 3000.
const portOption = optionValue(devArgs, '--port');
const sitePort =
  portOption !== undefined ? parsePort(portOption, '--port') : process.env.PORT ? parsePort(process.env.PORT, 'PORT') : DEFAULT_SITE_PORT;
if (sitePort === apiPort) refuse(`The site and the API cannot share port ${apiPort}: set API_PORT to another port, or pass another --port after --.`);

// Checked before either server starts. A taken API port would otherwise let the health check below pass on another
// process (another copy of the site), not on the API started here.
if (await portTaken(apiPort)) {
  refuse(`Port ${apiPort} (the API, API_PORT) is already in use, perhaps by another npm start: stop it, or run API_PORT=${apiPort + 100} npm start.`);
}
// In a terminal, Docusaurus itself offers the next free port when the site's is taken; without one it would stop
// there with exit code 0, so this says so first and fails.
if (!process.stdout.isTTY && (await portTaken(sitePort))) {
  refuse(`Port ${sitePort} (the site) is already in use: stop what listens there, or run npm start -- --port ${sitePort + 1000}.`);
}

// Each child leads its own process group, so stopping it stops what npx started under it too (tsx, node), and no
// API is left holding its port after the dev server has gone.
const children = [];
const launch = (args, env) => {
  const child = spawn('npx', args, {stdio: 'inherit', detached: true, env: {...process.env, ...env}});
  children.push(child);
  child.on('exit', (code) => stop(code ?? 0));
  return child;
};
/** Sends a signal to a child's whole process group; false when the group has already gone. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false;
  }
}
/** How long the children get to stop after SIGTERM before they are killed. */
const STOP_GRACE_MS = 5_000;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) signalGroup(child, 'SIGTERM');
  // A server still starting when SIGTERM arrives may not stop and go on to listen; whatever is left after the grace
  // period is killed, so no API outlives this process and holds its port.
  const deadline = Date.now() + STOP_GRACE_MS;
  while (children.some((child) => signalGroup(child, 0)) && Date.now() < deadline) await sleep(100);
  for (const child of children) signalGroup(child, 'SIGKILL');
  process.exit(code);
}
// SIGHUP too: a closed terminal would otherwise end this process alone and leave the API holding its port.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));

launch(['tsx', 'server/server.ts'], {PORT: String(apiPort), HOST: '127.0.0.1', SERVE_STATIC: 'false'});

// The dev server starts once the API listens: were 3000 taken, Docusaurus could otherwise offer the API's port.
const started = Date.now();
while (!stopping) {
  const ready = await fetch(`http://127.0.0.1:${apiPort}/healthz`).then((r) => r.ok, () => false);
  if (ready) break;
  if (Date.now() - started > API_READY_TIMEOUT_MS) {
    console.error(`The API server did not answer on 127.0.0.1:${apiPort} within ${API_READY_TIMEOUT_MS / 1000} s; see its messages above.`);
    await stop(1);
  }
  await sleep(200);
}
if (!stopping) launch(['docusaurus', 'start', ...devArgs], {API_PORT: String(apiPort)});
