// Issue 2 §10: both catalogues carry the same ids, every text parses as ICU MessageFormat, and
// every message the client defines exists in both languages (English as its default text says).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import en from '../../translations/en.json';
import hu from '../../translations/hu.json';

const catalogues: Record<'en' | 'hu', Record<string, string>> = { en, hu };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** `{ id: 'x.y', defaultMessage: 'text' }` pairs of every defineMessages call in src/. */
function definedMessages(): Array<{ id: string; defaultMessage: string; file: string }> {
  const pattern = /id:\s*'([^']+)',\s*defaultMessage:\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
  return sourceFiles(join(__dirname, '..', '..', 'src')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => ({
      id: m[1],
      defaultMessage: (m[2] ?? m[3]).replace(/\\(['"\\])/g, '$1'),
      file,
    })),
  );
}

test('hu.json and en.json have identical key sets', () => {
  expect(Object.keys(hu).sort()).toEqual(Object.keys(en).sort());
});

test.each(['hu', 'en'] as const)('every %s message parses as ICU MessageFormat', (lang) => {
  const broken = Object.entries(catalogues[lang]).filter(([, text]) => {
    try {
      parse(text);
      return false;
    } catch {
      return true;
    }
  });
  expect(broken).toEqual([]);
});

test('every message the client defines is in both catalogues, in English as its default text', () => {
  const defined = definedMessages();
  expect(defined.length).toBeGreaterThan(50);
  const problems = defined.flatMap(({ id, defaultMessage, file }) => {
    if (!(id in hu) || !(id in en)) return [`${id} (${file}) is missing from a catalogue`];
    if (en[id as keyof typeof en] !== defaultMessage) return [`${id}: en.json says "${en[id as keyof typeof en]}", the code "${defaultMessage}"`];
    return [];
  });
  expect(problems).toEqual([]);
});

test('Hungarian texts are translated, not copies of the English ones', () => {
  // Language names and a few international words are the same in both languages on purpose.
  const sameOnPurpose = new Set(['locale.switch.hu', 'locale.switch.en', 'common.layout.brand']);
  const wordsOf = (text: string): string => text.replace(/\{[^}]*\}/g, '');
  const copies = Object.keys(en).filter((id) => {
    const english = en[id as keyof typeof en];
    return !sameOnPurpose.has(id) && english === hu[id as keyof typeof hu] && /[a-z]{4}/i.test(wordsOf(english));
  });
  expect(copies).toEqual([]);
});
