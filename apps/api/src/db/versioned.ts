import { AppError, notFound } from '../lib/errors.js';

/**
 * Optimistic concurrency for console edits. A row's version is PostgreSQL's `xmin` (the transaction that
 * wrote it last): read with `xmin::text as version`, and compared after the row is locked FOR UPDATE, so of
 * two edits based on the same version the second (which waited for the first's lock) sees a new one.
 */
export const VERSION = 'xmin::text as version';

export const editConflict = () =>
  new AppError('EDIT_CONFLICT', 409, 'Another administrator changed this meanwhile; load it again');

/** The locked row, when it is still the version the edit was based on; else 404 or 409. */
export function sameVersion<R extends { version: string }>(
  row: R | undefined,
  version: string,
  what: string,
): R {
  if (!row) throw notFound(what);
  if (row.version !== version) throw editConflict();
  return row;
}

/** A value that must be unique belongs to another row (409, with the field it is about). */
export const valueTaken = (path: string, message: string) =>
  new AppError('VALUE_TAKEN', 409, message, [{ path, message }]);
