// The bare baseline of ARCHITECTURE.md: node:http + pg doing the same single-row user read as GET /api/auth
// (the very SQL text, passed in USER_SQL), with none of the rest: no signature check, no session check,
// no validation, no security headers, no serialisation schema.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 20),
});
const server = http.createServer(async (req, res) => {
  try {
    const token = (req.headers.authorization ?? '').slice(7);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    // A named prepared statement, like the API's: the baseline gets every advantage the API has.
    const { rows } = await pool.query({
      name: 'baseline_user',
      text: process.env.USER_SQL,
      values: [payload.sub],
    });
    res.writeHead(rows.length ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(rows[0] ?? null));
  } catch {
    res.writeHead(400);
    res.end();
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
