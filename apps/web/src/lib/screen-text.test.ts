import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

const sources = () => files(src).filter((f) => /\.(ts|tsx|css)$/.test(f) && !/\.test\.tsx?$/.test(f));

describe('the screens’ text', () => {
  // `break-all` breaks anywhere, Thai words too (Thai has no spaces: the browser finds word ends by dictionary);
  // a long e-mail or id wraps with `wrap-anywhere`, which breaks inside a word only when nothing else fits.
  it('never breaks Thai words mid-word (no break-all)', () => {
    const found = sources().filter((f) =>
      /\bbreak-all\b|word-break:\s*break-all/.test(readFileSync(f, 'utf8')),
    );
    expect(found.map((f) => path.relative(src, f))).toEqual([]);
  });

  // An emoji drawn as an emoji (🎉, 👋) needs an emoji font, which many devices lack: there it is an empty box.
  // Symbols that fonts carry as text (©, ✓, ▶) are fine; pictures are drawn as icons.
  it('holds no emoji that needs an emoji font', () => {
    const found = sources().flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\p{Emoji_Presentation}/gu)].map(
        (m) => `${path.relative(src, f)}: ${m[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
