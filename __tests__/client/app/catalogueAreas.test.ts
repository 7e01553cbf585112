// The catalogue comes in areas (src/i18n/loadCatalogue.ts, scripts/catalogueLoader.js): the build
// gives each area's messages precompiled, every message in exactly one area, and the client asks
// for an area in the language shown and in every language shown after it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { loadCatalogue, loadCatalogueArea, loadedCatalogue, subscribeCatalogues } from '../../../src/i18n/loadCatalogue';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is a CommonJS webpack module
const catalogueLoader = require('../../../scripts/catalogueLoader.js') as (this: unknown, source: string) => void;

const AREAS = ['public', 'app', 'formEngine', 'admin', 'dataImport', 'dataExport'];

/** Runs the webpack loader on one language's file for one area and returns the module's object. */
function buildArea(language: string, area: string): Promise<Record<string, unknown>> {
  const resourcePath = join(__dirname, '../../../translations', `${language}.json`);
  return new Promise((resolve, reject) => {
    const context = {
      resourcePath,
      resourceQuery: `?area=${area}`,
      async: () => (error: Error | null, output?: string) => {
        if (error) return reject(error);
        const literal = /^export default JSON\.parse\('(.*)'\);$/s.exec(output ?? '');
        if (!literal) return reject(new Error(`unexpected output ${output?.slice(0, 80)}`));
        // The module is one single-quoted literal handed to JSON.parse, escaping only \\ and ' .
        resolve(JSON.parse(literal[1].replace(/\\(.)/g, '$1')) as Record<string, unknown>);
      },
    };
    catalogueLoader.call(context, readFileSync(resourcePath, 'utf8'));
  });
}

test.each(['hu', 'en'])('the %s areas hold every message once, as the parser reads it', async (language) => {
  const source = JSON.parse(readFileSync(join(__dirname, '../../../translations', `${language}.json`), 'utf8')) as Record<string, string>;
  const areas = await Promise.all(AREAS.map((area) => buildArea(language, area)));
  const keys = areas.flatMap((area) => Object.keys(area));
  expect(keys.sort()).toEqual(Object.keys(source).sort());
  const [publicArea] = areas;
  expect(publicArea['auth.login.title']).toEqual(parse(source['auth.login.title']));
  expect(publicArea['dashboard.attendanceList.link']).toBeUndefined();
  const everything = Object.assign({}, ...areas) as Record<string, unknown>;
  const withArguments = Object.keys(source).find((key) => source[key].includes('{'));
  expect(withArguments).toBeDefined();
  expect(everything[withArguments as string]).toEqual(parse(source[withArguments as string], { locale: new Intl.Locale(language) }));
});

test('an unknown area fails the build', async () => {
  await expect(buildArea('en', 'nowhere')).rejects.toThrow('Unknown catalogue area "nowhere"');
});

test('an area asked for by a page is fetched for the language shown and for every later one', async () => {
  const arrivals = jest.fn();
  subscribeCatalogues(arrivals);
  // Before the first catalogue the area only joins the list: the first request brings it along.
  await loadCatalogueArea('admin');
  const hungarian = await loadCatalogue('hu');
  expect(hungarian['auth.login.title']).toBeDefined();
  expect(loadedCatalogue('hu')).toBe(hungarian);
  expect(arrivals).toHaveBeenCalled();

  await loadCatalogueArea('dataExport');
  expect(loadedCatalogue('hu')).toBeDefined();
  // A later language needs every area asked for so far before it counts as loaded.
  expect(loadedCatalogue('en')).toBeUndefined();
  const english = await loadCatalogue('en');
  expect(loadedCatalogue('en')).toBe(english);
});
