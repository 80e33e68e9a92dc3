import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer in front of several API processes on 127.0.0.1: each request goes to the next
 * process in turn. `servedBy` records which port answered each request.
 */
export async function roundRobin(ports: number[]) {
  const servedBy: number[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    servedBy.push(port);
    const upstream = httpRequest(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    // A client that goes away mid-request is gone for the process behind too.
    req.on('close', () => {
      if (!req.complete) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    servedBy,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
