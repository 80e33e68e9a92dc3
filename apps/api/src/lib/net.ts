import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for test and benchmark servers). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Whether an address is this machine's own (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** The client addresses a request's forwarding headers name (X-Forwarded-For, X-Real-IP, Forwarded `for=`). */
function forwardedFor(headers: IncomingHttpHeaders): string[] {
  const text = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : (v ?? ''));
  const listed = `${text(headers['x-forwarded-for'])},${text(headers['x-real-ip'])}`.split(',');
  const named = [...text(headers.forwarded).matchAll(/for\s*=\s*"?\[?([^\]",;\s]*)/gi)].map((m) => m[1]!);
  return [...listed, ...named]
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => (/^[\d.]+:\d+$/.test(a) ? a.slice(0, a.lastIndexOf(':')) : a));
}

/**
 * Whether a request comes from this machine by every measure: the peer of its connection is loopback, so is
 * the client Fastify takes it to be (`request.ip`, after TRUST_PROXY), and so is every client a forwarding header
 * names. Behind a reverse proxy on the same host every visitor's connection is loopback: only this machine's own
 * clients, reaching the API with nothing forwarded, pass.
 */
export function fromThisMachine(request: {
  ip: string;
  socket: { remoteAddress?: string };
  headers: IncomingHttpHeaders;
}): boolean {
  return (
    isLoopback(request.socket.remoteAddress) &&
    isLoopback(request.ip) &&
    forwardedFor(request.headers).every(isLoopback)
  );
}
