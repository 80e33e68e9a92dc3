import type { ErrorCode, ErrorDetail } from '@rianroo/contract';

/** The one error type of the server. The error handler turns it into the one error shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra top-level fields of the error body (e.g. partialToken of DEVICE_LIMIT_REACHED). */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found`);
export const unauthorized = (message = 'Authentication required') =>
  new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message = 'You may not do this') => new AppError('FORBIDDEN', 403, message);
export const fieldError = (code: ErrorCode, path: string, message: string) =>
  new AppError(code, 400, message, [{ path, message }]);
