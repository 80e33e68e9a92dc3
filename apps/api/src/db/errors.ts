/**
 * What a failed query says, whichever way it reached us: node-postgres throws PostgreSQL's error itself, Drizzle
 * wraps it (DrizzleQueryError, the original as its `cause`). Read codes through these, never `err.code` alone.
 */
interface DatabaseError extends Error {
  code?: string;
  constraint?: string;
}

/** The error as PostgreSQL or the socket gave it: the first in the chain with a code, else the innermost. */
function original(err: unknown): DatabaseError | undefined {
  let last: DatabaseError | undefined;
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (typeof (e as DatabaseError).code === 'string') return e as DatabaseError;
    last = e;
  }
  return last;
}

/** PostgreSQL's SQLSTATE of a failed query (or a socket error's code), if any. */
export const sqlState = (err: unknown): string | undefined => original(err)?.code;

/** The constraint a failed write broke, if PostgreSQL named one. */
export const violatedConstraint = (err: unknown): string | undefined => original(err)?.constraint;

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === '23503';

/**
 * PostgreSQL broke the transaction off for meeting another (a deadlock, a serialization failure), not for
 * anything in it: rolled back whole, it can simply run again.
 */
export const isConflict = (err: unknown) => {
  const code = sqlState(err);
  return code === '40P01' || code === '40001';
};

/** SQLSTATE classes that say the database cannot serve now: connection; out of resources; shutting down or starting. */
const UNAVAILABLE_CLASSES = ['08', '53', '57P'];
/** Lock not available, and a statement canceled (a timeout). */
const UNAVAILABLE_CODES = new Set(['55P03', '57014']);
/** Socket errors of a connection to the database (or another service) that is gone or unreachable. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres says these without a code: the server closed the connection, or none came in time. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when an error means the database cannot serve for a moment (down, restarting, out of connections, a
 * conflict that outlasted its runs): the request may be sent again as it was, so it is answered 503 with
 * Retry-After rather than as a fault of ours.
 */
export function unavailable(err: unknown): boolean {
  const e = original(err);
  if (!e) return false;
  if (isConflict(e) || LOST_CONNECTION.test(e.message)) return true;
  const code = e.code ?? '';
  if (UNREACHABLE.has(code) || UNAVAILABLE_CODES.has(code)) return true;
  return /^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.some((c) => code.startsWith(c));
}
