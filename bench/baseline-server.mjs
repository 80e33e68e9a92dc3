// The bare baseline of ARCHITECTURE.md: node:http + pg running the very same statements as the API (passed in
// USER_SQL and PROGRESS_SQL) as named prepared statements, with none of the rest: no signature check, no
// session check, no validation, no security headers, no serialisation schema.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 20),
});
const userOf = (req) =>
  JSON.parse(
    Buffer.from((req.headers.authorization ?? '').slice(7).split('.')[1] ?? '', 'base64url').toString(),
  ).sub;
const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    pool
      .query({ name: 'baseline_user', text: process.env.USER_SQL, values: [userOf(req)] })
      .then(({ rows }) => send(res, rows.length ? 200 : 404, rows[0] ?? null))
      .catch(() => send(res, 400, null));
    return;
  }
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const b = JSON.parse(body);
    pool
      .query({
        name: 'baseline_progress',
        text: process.env.PROGRESS_SQL,
        values: [
          userOf(req),
          b.episode_id,
          b.course_id,
          Math.floor(b.last_second),
          Math.floor(b.episodeCompletionPercentage),
          // The played ranges as the API sends them: whole seconds, PostgreSQL's multirange text.
          b.playedRanges
            ? `{${b.playedRanges.map(([x, y]) => `[${Math.round(x)},${Math.round(y)})`).join(',')}}`
            : null,
        ],
      })
      .then(({ rows }) => send(res, rows.length ? 200 : 403, rows[0] ?? null))
      .catch(() => send(res, 400, null));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
