// The API's map (issue 32): which module imports which, and what breaks the house's rules.
//   node scripts/api-map.mjs          the figures and the offending imports
//   node scripts/api-map.mjs --json   the same as JSON
//   node scripts/api-map.mjs --table  the modules as a Markdown table; --readme writes it into README.md
// apps/api/test/architecture.test.ts holds the API to it.
//
// Floors, lowest first; a file imports only from its own floor or below:
//   0 base:    config.ts, lib/           (no project imports but each other)
//   1 db:      db/ (the client, the schema, its errors)
//   2 infra:   mail/, plugins/           (the app's shared machinery)
//   3 modules: modules/<name>/           (the domains; each used by others only through its index.ts)
//   4 app:     app.ts, server.ts, types.ts, startup/ (wiring, seeds, warm-up)
// Between modules the arrows must not close a loop.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SRC = path.join(root, 'apps/api/src');
export const README = path.join(root, 'README.md');

function walk(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'migrations' && e.name !== 'node_modules') out.push(...walk(p));
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
      out.push(p);
  }
  return out;
}

/** `modules/x/y.ts` → its place: floor, and the module when it is in one. */
export function placeOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'modules') return { floor: 3, module: parts[1] };
  if (parts[0] === 'lib' || rel === 'config.ts') return { floor: 0 };
  if (parts[0] === 'db') return { floor: 1 };
  if (parts[0] === 'mail' || parts[0] === 'plugins') return { floor: 2 };
  return { floor: 4 };
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every project import of every API source file: [{ from, to }] as paths relative to src/. */
export function importsOf(files = walk(SRC)) {
  const edges = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
      edges.push({ from: path.relative(SRC, file), to: path.relative(SRC, target) });
    }
  }
  return edges;
}

/** Strongly connected components of more than one node (Tarjan). */
function loops(nodes, next) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return out;
}

/**
 * Casts on rows: an `as` assertion (not `as const`) of a value read from a row or result (`e.title as string`,
 * `rows[0] as X`, `(r as unknown as T)`: a member or element read, or a variable named for a row), in a file
 * that runs SQL or maps its rows (`*.repo.ts`, `*.service.ts`, `*.write.ts`). A row typed by the schema
 * (`db/rows.ts`, decision 021) needs none.
 */
export function rowCasts(files = walk(SRC)) {
  const found = [];
  // A type after `as`: a name with a capital, a literal, an object, tuple or parenthesised type, or a primitive
  // (a SQL alias is lower-case, and `r as (select ...)` is a SQL common table expression).
  const sqlCte = String.raw`\((?!\s*(?:select|delete|insert|update|values|with)\b)`;
  const primitive = String.raw`(?:string|number|boolean|unknown|never|any|bigint|object|null|undefined)\b`;
  const type = String.raw`as\s+(?:[A-Z{['"]|${sqlCte}|${primitive})`;
  const read = new RegExp(String.raw`\b[a-z]\w*(?:\.\w+|\[[^\]]+\])+\)?\s+${type}`);
  const rowNamed = new RegExp(String.raw`\b(?:rows?|r)\s+${type}`);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!/\.(query|execute)\s*[(<]/.test(text) && !/\.(repo|service|write)\.ts$/.test(file)) continue;
    text.split('\n').forEach((line, i) => {
      if (/^\s*(import|export \{|\*|\/\/)/.test(line)) return;
      if (read.test(line) || rowNamed.test(line)) found.push(`${path.relative(SRC, file)}:${i + 1}`);
    });
  }
  return found;
}

/** The rules' findings over a set of files and their imports (paths relative to src/). */
export function analyse(rel, edges) {
  const upward = edges
    .filter((e) => placeOf(e.to).floor > placeOf(e.from).floor)
    .map((e) => `${e.from} → ${e.to}`);

  // Into another module's inside: anything of modules/<m>/ but its index.ts, from outside modules/<m>/.
  const inside = edges
    .filter((e) => {
      const to = placeOf(e.to);
      if (to.module === undefined || placeOf(e.from).module === to.module) return false;
      return e.to !== `modules/${to.module}/index.ts`;
    })
    .map((e) => `${e.from} → ${e.to}`);

  const moduleEdges = new Map();
  for (const e of edges) {
    const a = placeOf(e.from).module;
    const b = placeOf(e.to).module;
    if (a && b && a !== b) {
      if (!moduleEdges.has(a)) moduleEdges.set(a, new Map());
      const m = moduleEdges.get(a);
      m.set(b, (m.get(b) ?? 0) + 1);
    }
  }
  const modules = [...new Set(rel.map((f) => placeOf(f).module).filter(Boolean))].sort();
  const moduleLoops = loops(modules, (m) => [...(moduleEdges.get(m)?.keys() ?? [])]);

  const fileNext = new Map();
  for (const e of edges) {
    if (!fileNext.has(e.from)) fileNext.set(e.from, new Set());
    fileNext.get(e.from).add(e.to);
  }
  // Within one module, files may lean on each other (a service and its routes); a circle through files of
  // different places is a knot.
  const fileCircles = loops(rel, (f) => [...(fileNext.get(f) ?? [])]).filter(
    (scc) => new Set(scc.map((f) => placeOf(f).module ?? f)).size > 1,
  );

  return {
    modules: modules.map((m) => ({
      module: m,
      uses: Object.fromEntries([...(moduleEdges.get(m) ?? new Map())].sort()),
    })),
    moduleLoops,
    upward,
    inside,
    fileCircles,
  };
}

export function apiMap() {
  const files = walk(SRC);
  const rel = files.map((f) => path.relative(SRC, f));
  return { ...analyse(rel, importsOf(files)), rowCasts: rowCasts(files) };
}

/**
 * The map as a Markdown table (README, decision 020): each module, what it owns (its index.ts's opening
 * comment), what it exposes (its index.ts's exports) and which modules it uses.
 */
export function moduleTable(map) {
  const rows = [
    '| module | what it owns | what it exposes (`index.ts`) | what it uses |',
    '| --- | --- | --- | --- |',
  ];
  for (const m of map.modules) {
    const index = readFileSync(path.join(SRC, 'modules', m.module, 'index.ts'), 'utf8');
    const owns = index
      .split('\n')
      .filter((l) => l.startsWith('//'))
      .map((l) => l.replace(/^\/\/\s?/, ''))
      .join(' ')
      .replace(/^[^:]+:\s*/, '');
    const names = [...index.matchAll(/export\s+(?:\*\s+as\s+(\w+)|\{([^}]*)\})/g)].flatMap((x) =>
      x[1]
        ? [x[1]]
        : x[2]
            .split(',')
            .map((n) => n.trim().replace(/^type\s+/, ''))
            .filter(Boolean),
    );
    const uses = Object.keys(m.uses).join(', ') || '-';
    rows.push(`| \`${m.module}\` | ${owns} | ${names.map((n) => `\`${n}\``).join(', ')} | ${uses} |`);
  }
  return rows.join('\n');
}

const START = '<!-- api-map:start -->';
const END = '<!-- api-map:end -->';

/** The README with `table` between its api-map markers (`node scripts/api-map.mjs --readme`). */
export function readmeWithTable(readme, table) {
  const i = readme.indexOf(START);
  const j = readme.indexOf(END);
  if (i < 0 || j < i) throw new Error('README.md has no api-map markers');
  return `${readme.slice(0, i + START.length)}\n${table}\n${readme.slice(j)}`;
}

/** The module table the README holds now, cell by cell (Prettier pads the columns; that is no change). */
export function readmeTable(readme) {
  const block = readme.slice(readme.indexOf(START) + START.length, readme.indexOf(END));
  return tableCells(block);
}

export const tableCells = (text) =>
  text
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((c) => c.trim())
        .map((c) => (/^:?-+:?$/.test(c) ? '---' : c)),
    );

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const map = apiMap();
  if (process.argv.includes('--json')) console.log(JSON.stringify(map, null, 2));
  else if (process.argv.includes('--table')) console.log(moduleTable(map));
  else if (process.argv.includes('--readme')) {
    writeFileSync(README, readmeWithTable(readFileSync(README, 'utf8'), moduleTable(map)));
    console.log('README.md: the module table is up to date');
  } else {
    for (const m of map.modules)
      console.log(
        `${m.module.padEnd(14)} uses ${
          Object.entries(m.uses)
            .map(([k, n]) => `${k} (${n})`)
            .join(', ') || '-'
        }`,
      );
    console.log();
    console.log(`module loops:                      ${map.moduleLoops.length}`);
    for (const l of map.moduleLoops) console.log(`  ${l.join(' ↔ ')}`);
    console.log(`imports running back up:           ${map.upward.length}`);
    for (const u of map.upward) console.log(`  ${u}`);
    console.log(`imports into another module:       ${map.inside.length}`);
    for (const u of map.inside) console.log(`  ${u}`);
    console.log(`file circles across places:        ${map.fileCircles.length}`);
    for (const l of map.fileCircles) console.log(`  ${l.join(' ↔ ')}`);
    console.log(`casts on rows:                     ${map.rowCasts.length}`);
  }
}
