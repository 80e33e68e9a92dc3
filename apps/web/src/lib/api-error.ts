import type { ErrorDetail } from '@rianroo/contract';

/** Every failed call becomes this: the API's one error shape, or NETWORK_ERROR when nothing answered. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly body: Record<string, unknown> = {},
    /** How long the server asked to wait before trying again (its Retry-After, in seconds), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The message of one field, for showing it at the field. */
  field(path: string): string | undefined {
    return this.details.find((d) => d.path === path)?.message;
  }
}

export async function errorFrom(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    /* not JSON: a proxy or a crash page */
  }
  const code =
    typeof body.code === 'string' ? body.code : res.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  const message = typeof body.message === 'string' ? body.message : res.statusText || 'Request failed';
  const details = Array.isArray(body.details) ? (body.details as ErrorDetail[]) : [];
  const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
  const wait = Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  return new ApiError(res.status, code, message, details, body, wait);
}

export const networkError = () => new ApiError(0, 'NETWORK_ERROR', 'No response from the server');
