import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const features = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../features');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
/** The admin console's and the organisation console's screens. */
const consoleFiles = () =>
  ['admin', 'org']
    .flatMap((f) => files(path.join(features, f)))
    .filter((f) => f.endsWith('.tsx') && !/\.test\.tsx$/.test(f));

/** Each JSX opening tag of these elements, whole (attributes hold `=>` and `{…}`, so `[^>]*` is not enough). */
function tags(source: string, names: string[]): string[] {
  const found: string[] = [];
  const start = new RegExp(`<(${names.join('|')})[\\s>/]`, 'g');
  for (const m of source.matchAll(start)) {
    let depth = 0;
    let i = m.index + 1;
    for (; i < source.length; i++) {
      const c = source[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    found.push(source.slice(m.index, i + 1));
  }
  return found;
}

// The browser's own check speaks the browser's language (English here) in a bubble that names nothing; the
// console's forms say in Thai at the field what is missing (components/ui/Form.tsx). These keep a new form,
// or a new field, from slipping back.
describe('the consoles’ forms', () => {
  it('are all the shared Form (no bare <form>, which would show the browser’s bubble)', () => {
    const bare = consoleFiles().filter((f) => tags(readFileSync(f, 'utf8'), ['form']).length > 0);
    expect(bare.map((f) => path.relative(features, f))).toEqual([]);
  });

  it('put rules (required, limits, formats) only on fields that show the Form’s message', () => {
    const rule = /\s(required|minLength|min|max|pattern)[\s=/>]|\stype="(email|url|number)"/;
    const found = consoleFiles().flatMap((f) =>
      tags(readFileSync(f, 'utf8'), ['input', 'textarea', 'select'])
        .filter((tag) => rule.test(tag))
        .map((tag) => `${path.relative(features, f)}: ${tag.replace(/\s+/g, ' ').slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });
});
