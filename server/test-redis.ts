import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {connect} from 'node:net';
import {freePort} from './free-port';

/** A throwaway redis-server on a free loopback port, for tests and the bench. */
export interface TestRedis {
  url: string;
  port: number;
  /** Freezes it (SIGSTOP: connections stay open, nothing answers) and thaws it (SIGCONT). */
  freeze(): void;
  thaw(): void;
  /** Kills it (SIGKILL: no goodbye to its clients) and resolves once it has exited. */
  kill(): Promise<void>;
}

/** Whether Debian's redis-server (or any on PATH) can be started here. */
export function redisServerAvailable(): boolean {
  return spawnSync('redis-server', ['--version'], {stdio: 'ignore'}).status === 0;
}

const answersPing = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500, () => socket.destroy());
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('connect', () => socket.write('PING\r\n'));
  });

/** Starts redis-server without persistence and waits (polling, up to 15 s) until it answers PING. */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {stdio: 'ignore'});
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server on port ${port} did not start within 15 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    async kill() {
      if (child.exitCode === null) child.kill('SIGCONT');
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
