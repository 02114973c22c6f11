import http from 'node:http';

export interface BurstResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP client for tests that send hundreds of requests at once: at most `maxSockets` connections, one request
 * each. fetch opens a connection per concurrent request, past the listen backlog of a busy machine, and reuses
 * keep-alive sockets the server may be closing at that moment; on a slow shared machine either ends as ECONNRESET,
 * which says nothing about the server under test.
 */
export function createBurstClient(maxSockets = 50) {
  const agent = new http.Agent({keepAlive: false, maxSockets});
  const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body: string) =>
    new Promise<BurstResponse>((resolve, reject) => {
      const request = http.request(url, {method, agent, headers: {...headers, 'content-length': Buffer.byteLength(body)}}, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8')}));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  return {
    post: (url: string, headers: Record<string, string>, body: string) => send('POST', url, headers, body),
    get: (url: string) => send('GET', url, {}, ''),
    close: () => agent.destroy(),
  };
}
