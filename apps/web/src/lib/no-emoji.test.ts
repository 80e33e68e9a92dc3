import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

describe('the screens’ text', () => {
  // An emoji drawn as an emoji (🎉, 👋) needs an emoji font, which many devices lack: there it is an empty box.
  // Symbols that fonts carry as text (©, ✓, ▶) are fine; pictures are drawn as icons.
  it('holds no emoji that needs an emoji font', () => {
    const found = files(src)
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/\p{Emoji_Presentation}/gu)].map(
          (m) => `${path.relative(src, f)}: ${m[0]}`,
        ),
      );
    expect(found).toEqual([]);
  });
});
