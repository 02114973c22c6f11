import {createServer, type AddressInfo} from 'node:net';

/** A loopback port nothing listens on right now, chosen by the system: for tests, the bench and Lighthouse. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
