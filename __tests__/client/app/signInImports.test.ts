// What the sign-in page downloads (issue 11 item 11: /login at most 130 kB of compressed JS): the
// code /login loads, the entry (src/index.tsx) and the public areas' chunks, statically imports
// neither react-router (the full app's router, ~24 kB compressed) nor Formik and Yup; the full app
// comes as a chunk of its own (docs/decisions.md, "Light public shell").
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../../../src');
// import … from '…', import '…', export … from '…'; not `import type`/`export type`, not import().
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveLocal(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const found = EXTENSIONS.map((extension) => base + extension).find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  return found && /\.tsx?$/.test(found) ? found : null;
}

/** The source files and the packages reached from `entries` by static imports. */
function staticGraph(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => path.join(SRC, entry));
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push(local);
      } else {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
      }
    }
  }
  return { files, packages };
}

const relative = (files: Set<string>): string[] => [...files].map((file) => path.relative(SRC, file));

test('the sign-in page and registration load no router library, Formik or Yup', () => {
  const { files, packages } = staticGraph(['index.tsx', 'features/auth/loginArea.route.ts', 'features/registration/registrationArea.route.ts']);
  // The walk itself works: it reaches the shell, the sign-in form and the libraries they use.
  expect(relative(files)).toEqual(expect.arrayContaining(['app/publicShell/PublicShell.tsx', 'features/auth/PasswordLoginForm.tsx', 'features/registration/RegistrationForm.tsx']));
  expect([...packages]).toEqual(expect.arrayContaining(['react-dom', 'react-redux', '@mantine/core', 'react-intl']));
  expect([...packages].filter((name) => ['react-router', 'formik', 'yup'].includes(name))).toEqual([]);
});

test('the full app, with its router, is reached only through its own chunk', () => {
  const { files, packages } = staticGraph(['app/FullApp.tsx']);
  expect(packages).toContain('react-router');
  expect(relative(files)).toContain('app/routes.tsx');
  expect(relative(staticGraph(['index.tsx']).files)).not.toContain('app/routes.tsx');
});
