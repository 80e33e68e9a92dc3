// When files last changed: npm start and the content-service install rebuild only what is older than its inputs.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The modification time of a file (0 when it is missing). */
export const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

/** The newest modification time under a file or folder, leaving out installed packages and build output. */
export function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newest(path.join(p, name)));
  }
  return max;
}
