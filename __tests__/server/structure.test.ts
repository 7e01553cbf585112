// The server's layering (DESIGN §2): no import cycles between modules, the database layer imports
// no area above it, and no area imports the demo seed (a client of the areas, above them).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

function serverFiles(dir = join(root, 'server')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Value imports only: `import type` is erased and cannot make a cycle at run time. */
function importsOf(file: string, known: Set<string>): string[] {
  const source = readFileSync(file, 'utf8');
  const targets = [...source.matchAll(/^import (?!type )[^;]*?from '(\.[^']+)'/gms)].map((match) => `${resolve(dirname(file), match[1])}.ts`);
  return targets.filter((target) => known.has(target));
}

const files = serverFiles();
const graph = new Map(files.map((file) => [file, importsOf(file, new Set(files))]));
const name = (file: string): string => relative(root, file);

function cycles(): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map(name).join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

test('server modules import each other without a cycle', () => {
  expect(cycles()).toEqual([]);
});

test('the database layer imports no area\'s rules, SQL or routes, and no area imports the demo seed', () => {
  const offending = files.flatMap((file) => {
    const from = name(file);
    return (graph.get(file) ?? []).map(name).filter((to) => {
      // Shared constants (roles) are fine below; rules, SQL of an area, routes and the seed are not.
      if (from.startsWith('server/db/')) return /\.(service|repository)\.ts$|^server\/(routes|seed)\//.test(to);
      return to.startsWith('server/seed/') && !from.startsWith('server/seed/') && from !== 'server/index.ts';
    }).map((to) => `${from} -> ${to}`);
  });
  expect(offending).toEqual([]);
});
