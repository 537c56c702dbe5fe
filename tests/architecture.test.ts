/**
 * The walls of the house (README, "Where things live"), checked on every import of the code,
 * types and dynamic imports included:
 * - `src/common/` (runs anywhere) imports nothing of the rest;
 * - the rest of `src/` (the browser side and the pages) never imports `functions/`, `db/` or `party/`;
 * - `functions/`, `db/` and `party/` take nothing of `src/` but `src/common/`; `db/` and `party/`
 *   nothing of `functions/`, and `db/` nothing of `party/`;
 * - a route (`functions/routes/<resource>`) never imports another resource's route;
 * - no import circle anywhere.
 * Tests and the scripts are outside the walls: they may reach anything.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

type Files = Map<string, string[]>;

const CODE = /\.(ts|tsx|astro|mjs)$/;
const TEST = /(\.test\.ts|\.d\.ts)$/;
/** Every relative import: static, `export … from`, side-effect, dynamic (a template's fixed head too), and worker URLs. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|new URL\(\s*)(['"`])(\.{1,2}\/[^'"`$]*)/g;

/** The files of the code (tests and scripts left out) and what each imports, as paths from the project's root. */
function codeImports(root = process.cwd()): Files {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'functions', 'db', 'party'], { cwd: root, encoding: 'utf8' });
  const files: Files = new Map();
  for (const file of listed.split('\n').filter((name) => CODE.test(name) && !TEST.test(name))) {
    const text = readFileSync(posix.join(root, file), 'utf8');
    files.set(
      file,
      [...text.matchAll(IMPORT)].map((match) => posix.normalize(posix.join(posix.dirname(file), match[2]!.split('?')[0]!))),
    );
  }
  return files;
}

const under = (file: string, ...folders: string[]) => folders.some((folder) => file.startsWith(`${folder}/`));
/** The resource a route belongs to: `functions/routes/admin/jobs.ts` is admin's, `functions/routes/alerts.ts` alerts'. */
const resource = (file: string) => file.slice('functions/routes/'.length).split('/')[0]!.replace(/\.ts$/, '');

/** What each file may not import, with the wall's name. */
function wall(from: string, to: string): string | null {
  if (under(from, 'src/common') && !under(to, 'src/common')) return 'src/common imports only src/common';
  if (under(from, 'src') && !under(from, 'src/common') && under(to, 'functions', 'db', 'party')) return 'the browser side never imports the server';
  if (under(from, 'functions', 'db', 'party') && under(to, 'src') && !under(to, 'src/common')) return 'the server takes only src/common of src';
  if (under(from, 'db', 'party') && under(to, 'functions')) return 'db and party never import functions';
  if (under(from, 'db') && under(to, 'party')) return 'db never imports party';
  if (under(from, 'functions/routes') && under(to, 'functions/routes') && resource(from) !== resource(to)) return 'a route never imports another route';
  return null;
}

/** Every import across a wall, one line each. */
function crossings(files: Files): string[] {
  return [...files].flatMap(([from, imports]) => imports.flatMap((to) => (wall(from, to) ? [`${from} -> ${to}: ${wall(from, to)}`] : [])));
}

/** Every import circle (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function circles(files: Files): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of files.get(file) ?? []) {
      if (!files.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do component.push((member = stack.pop()!));
    while (member !== file);
    if (component.length > 1 || files.get(file)!.includes(file)) found.push(component.sort());
  };
  for (const file of files.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the walls', () => {
  const files = codeImports();

  it('reads the imports of every kind of file', () => {
    // A reader that read nothing would pass every wall: it must see the imports it is known to have.
    expect(files.get('functions/app.ts')).toContain('functions/deps.ts');
    expect(files.get('src/layouts/Page.astro')?.some((to) => under(to, 'src/common'))).toBe(true);
    expect([...files.values()].flat().filter((to) => to.endsWith('pow-worker.ts'))).toHaveLength(1);
    expect(files.size).toBeGreaterThan(200);
  });

  it('no import crosses a wall', () => {
    expect(crossings(files)).toEqual([]);
  });

  it('no import circle anywhere, types included', () => {
    expect(circles(files)).toEqual([]);
  });

  it('finds a planted crossing and a planted circle', () => {
    const planted: Files = new Map([
      ['src/common/format.ts', ['src/client/api.ts']],
      ['src/client/api.ts', ['functions/app.ts', 'src/common/format.ts']],
      ['functions/app.ts', ['src/client/toast.ts', 'functions/routes/alerts.ts']],
      ['functions/routes/alerts.ts', ['functions/routes/directory.ts', 'functions/routes/alerts/x.ts']],
      ['functions/routes/admin/index.ts', ['functions/routes/admin/jobs.ts']],
      ['db/seed.ts', ['functions/domain/places.ts', 'party/rules.ts']],
      ['party/room.ts', ['src/common/room.ts']],
    ]);
    expect(crossings(planted)).toEqual([
      'src/common/format.ts -> src/client/api.ts: src/common imports only src/common',
      'src/client/api.ts -> functions/app.ts: the browser side never imports the server',
      'functions/app.ts -> src/client/toast.ts: the server takes only src/common of src',
      'functions/routes/alerts.ts -> functions/routes/directory.ts: a route never imports another route',
      'db/seed.ts -> functions/domain/places.ts: db and party never import functions',
      'db/seed.ts -> party/rules.ts: db never imports party',
    ]);
    expect(circles(planted)).toEqual([['src/client/api.ts', 'src/common/format.ts']]);
  });
});
