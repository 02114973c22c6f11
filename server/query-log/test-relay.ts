import {createServer, connect, type AddressInfo, type Server, type Socket} from 'node:net';

/**
 * A TCP relay to a database that can freeze (connections stay open, nothing moves: what SIGSTOP on the database does)
 * or go away (connections refused), then come back.
 */
export interface Relay {
  port: number;
  freeze(): void;
  /** Unfreezes: the held connections are dropped, as after a database restart, and new ones flow again. */
  thaw(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A database URL rewritten to reach the database through `relay` (same user, password and database). */
export function throughRelay(databaseUrl: string, relay: Relay): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  return url.toString();
}

/** Starts a relay on a free loopback port to `target` (its hostname and port). */
export async function startRelay(target: URL): Promise<Relay> {
  const held = new Set<Socket>();
  let frozen = false;
  let server: Server;
  let port = 0;
  const relay = (client: Socket) => {
    held.add(client);
    client.on('close', () => held.delete(client));
    client.on('error', () => undefined);
    if (frozen) return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    held.add(upstream);
    upstream.on('close', () => held.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk) => frozen || upstream.write(chunk));
    upstream.on('data', (chunk) => frozen || client.write(chunk));
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer(relay);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const dropAll = () => held.forEach((socket) => socket.destroy());
  return {
    get port() {
      return port;
    },
    freeze: () => (frozen = true),
    thaw() {
      frozen = false;
      dropAll();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        dropAll();
      }),
    start: listen,
  };
}
