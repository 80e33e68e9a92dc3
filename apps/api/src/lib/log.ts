import { stdSerializers } from 'pino';

type Serialized = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * Query errors carry the statement's parameters (a password hash, a token hash, an e-mail) in their message
 * and fields; logs get the database's own message and code instead.
 */
export function safeErrorSerializer(err: Error & { cause?: unknown; params?: unknown }): Serialized {
  if (err && (err.name === 'DrizzleQueryError' || 'params' in err)) {
    const cause = err.cause as { message?: string; code?: string } | undefined;
    return {
      type: 'DatabaseError',
      message: cause?.message ?? 'query failed',
      code: cause?.code,
      stack: (err.stack ?? '')
        .split('\n')
        .filter((l) => l.trimStart().startsWith('at '))
        .join('\n'),
    };
  }
  const s = stdSerializers.err(err);
  return { ...s, stack: s.stack ?? '' };
}
