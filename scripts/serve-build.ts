import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {freePort} from '../server/free-port';

/** A build served by the production server on a loopback port. */
export interface ServedBuild {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  base: string;
  close: () => void;
}

/** Compiling the server with tsx takes most of a minute on two busy cores. */
const START_SECONDS = 180;

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < START_SECONDS * 2; i++) {
    if (server.exitCode !== null) throw new Error(`server/server.ts exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not answer at ${url}`);
}

/**
 * Serves `buildDir` with server/server.ts (what `npm run serve` runs) in a process group of its own, with a query log
 * in a temporary folder; `close` ends the group and removes the folder.
 */
export async function serveBuild(buildDir: string): Promise<ServedBuild> {
  if (!existsSync(path.join(buildDir, 'index.html'))) throw new Error(`No production build in ${buildDir}: run \`npm run build\` first.`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'serve-build-'));
  const server = spawn('npx', ['tsx', 'server/server.ts'], {
    env: {...process.env, PORT: String(port), HOST: '127.0.0.1', BUILD_DIR: buildDir, QUERY_LOG_SQLITE_PATH: path.join(dataDir, 'query-log.sqlite')},
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const close = () => {
    // npx -> tsx -> node: end the whole group.
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    rmSync(dataDir, {recursive: true, force: true});
  };
  try {
    await waitForServer(`${base}/`, server);
  } catch (error) {
    close();
    throw error;
  }
  return {base, close};
}
