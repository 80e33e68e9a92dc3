import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (scripts/api-map.mjs)
import * as script from '../../../scripts/api-map.mjs';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { analyse, apiMap, moduleTable, README, readmeTable, rowCasts, tableCells } = script;

type Map = {
  moduleLoops: string[][];
  upward: string[];
  inside: string[];
  fileCircles: string[][];
  rowCasts: string[];
};

/**
 * The house of the API (docs/decisions/020-modules-by-domain.md): modules by domain, each used by others only
 * through its index.ts; no loops between modules; lib, db, mail and plugins never reach up into them.
 */
describe('the API house', () => {
  const map = apiMap() as Map;

  it('has no loops between modules', () => {
    expect(map.moduleLoops).toEqual([]);
  });

  it('has no imports running back up a floor (lib < db < mail, plugins < modules < app)', () => {
    expect(map.upward).toEqual([]);
  });

  it("has no imports into another module's inside: only its index.ts", () => {
    expect(map.inside).toEqual([]);
  });

  it('has no circle of files across modules or floors', () => {
    expect(map.fileCircles).toEqual([]);
  });

  it('casts no row: rows are typed by the schema (decision 021)', () => {
    // 133 on 628e91f by scripts/api-map.mjs's count; a row is typed where it is read (db/rows.ts's RowOf).
    expect(map.rowCasts).toEqual([]);
  });

  it('sees a cast on a row, and not a SQL alias or common table expression', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'row-casts-'));
    const file = path.join(dir, 'x.repo.ts');
    writeFileSync(
      file,
      [
        'const { rows } = await db.query(`select e.id as episode_id from episodes e`);',
        'const t = rows[0].title as string;',
        'const c = (r as unknown as CouponRow);',
        'await db.query(`with r as (delete from x returning id) select * from r`);',
        'const v = [1] as const;',
      ].join('\n'),
    );
    expect(rowCasts([file]).map((f: string) => f.split(':').pop())).toEqual(['2', '3']);
    rmSync(dir, { recursive: true });
  });

  it("README's module table is today's (node scripts/api-map.mjs --readme)", () => {
    expect(readmeTable(readFileSync(README as string, 'utf8'))).toEqual(tableCells(moduleTable(map)));
  });

  it('sees each kind of breach when there is one', () => {
    const files = [
      'lib/ids.ts',
      'db/client.ts',
      'modules/a/index.ts',
      'modules/a/a.service.ts',
      'modules/b/index.ts',
      'modules/b/b.repo.ts',
      'app.ts',
    ];
    const found = analyse(files, [
      { from: 'lib/ids.ts', to: 'modules/a/index.ts' },
      { from: 'modules/a/a.service.ts', to: 'modules/b/b.repo.ts' },
      { from: 'modules/b/b.repo.ts', to: 'modules/a/index.ts' },
      { from: 'modules/a/index.ts', to: 'modules/a/a.service.ts' },
      { from: 'app.ts', to: 'modules/a/index.ts' },
      { from: 'db/client.ts', to: 'lib/ids.ts' },
    ]) as Omit<Map, 'rowCasts'>;
    expect(found.upward).toEqual(['lib/ids.ts → modules/a/index.ts']);
    expect(found.inside).toEqual(['modules/a/a.service.ts → modules/b/b.repo.ts']);
    expect(found.moduleLoops).toEqual([['a', 'b']]);
    expect(found.fileCircles).toEqual([
      ['modules/a/a.service.ts', 'modules/a/index.ts', 'modules/b/b.repo.ts'],
    ]);
  });
});
