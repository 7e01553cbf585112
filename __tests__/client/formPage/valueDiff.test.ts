// The three-way comparison behind the stale-version panel and the backup offer: who changed which
// field since the user started, which changes conflict, and the merge that keeps both sides' work.
import { compareValues, hasUserChanges, mergeValues, type FieldChange } from '../../../src/features/formPage/valueDiff';

type Row = Pick<FieldChange, 'path' | 'server' | 'user' | 'conflict'>;
const rows = (changes: FieldChange[]): Row[] => changes.map(({ path, server, user, conflict }) => ({ path, server, user, conflict }));

describe('compareValues', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, Row[]][] = [
    ['nothing changed', { a: 1 }, { a: 1 }, { a: 1 }, []],
    ['only the user changed', { a: 1 }, { a: 2 }, { a: 1 }, [{ path: 'a', server: false, user: true, conflict: false }]],
    ['only the server changed', { a: 1 }, { a: 1 }, { a: 3 }, [{ path: 'a', server: true, user: false, conflict: false }]],
    ['both, differently: a conflict', { a: 1 }, { a: 2 }, { a: 3 }, [{ path: 'a', server: true, user: true, conflict: true }]],
    ['both, alike: no conflict', { a: 1 }, { a: 2 }, { a: 2 }, [{ path: 'a', server: true, user: true, conflict: false }]],
    ['empty values are all alike', { a: '' }, { a: null }, {}, []],
    ['a field the server added', {}, {}, { b: 'x' }, [{ path: 'b', server: true, user: false, conflict: false }]],
    ['a field the user cleared', { b: 'x' }, { b: '' }, { b: 'x' }, [{ path: 'b', server: false, user: true, conflict: false }]],
    ['choice lists compare by content', { c: ['x', 'y'] }, { c: ['x', 'y'] }, { c: ['x', 'y'] }, []],
    [
      'entries are compared field by field when none was added or removed',
      { meds: [{ dose: 1, name: 'A' }] },
      { meds: [{ dose: 2, name: 'A' }] },
      { meds: [{ dose: 1, name: 'B' }] },
      [
        { path: 'meds[0].dose', server: false, user: true, conflict: false },
        { path: 'meds[0].name', server: true, user: false, conflict: false },
      ],
    ],
    [
      'an added entry makes the multi-field one value',
      { meds: [{ dose: 1 }] },
      { meds: [{ dose: 1 }, { dose: 5 }] },
      { meds: [{ dose: 2 }] },
      [{ path: 'meds', server: true, user: true, conflict: true }],
    ],
  ];
  test.each(cases)('%s', (_name, base, mine, theirs, expected) => {
    expect(rows(compareValues(base, mine, theirs))).toEqual(expected);
  });

  test('rows carry the three values', () => {
    expect(compareValues({ a: 1 }, { a: 2 }, { a: 3 })).toEqual([{ path: 'a', base: 1, mine: 2, theirs: 3, server: true, user: true, conflict: true }]);
  });
});

describe('mergeValues', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>][] = [
    ['the server keeps fields the user did not touch', { a: 1, b: 1 }, { a: 2, b: 1 }, { a: 1, b: 3 }, { a: 2, b: 3 }],
    ['the user wins a conflict', { a: 1 }, { a: 2 }, { a: 3 }, { a: 2 }],
    ['a field the user cleared stays cleared', { a: 'x', b: 1 }, { b: 1 }, { a: 'x', b: 2 }, { b: 2 }],
    ['fields only the server has are kept', {}, {}, { n: 'new' }, { n: 'new' }],
    [
      'entries merge field by field',
      { meds: [{ dose: 1, name: 'A' }] },
      { meds: [{ dose: 2, name: 'A' }] },
      { meds: [{ dose: 1, name: 'B' }] },
      { meds: [{ dose: 2, name: 'B' }] },
    ],
    ['entries added by the user win as a whole', { meds: [{ dose: 1 }] }, { meds: [{ dose: 1 }, { dose: 5 }] }, { meds: [{ dose: 2 }] }, { meds: [{ dose: 1 }, { dose: 5 }] }],
  ];
  test.each(cases)('%s', (_name, base, mine, theirs, expected) => {
    expect(mergeValues(base, mine, theirs)).toEqual(expected);
  });

  test('the merge is a copy: changing it leaves the inputs alone', () => {
    const mine = { c: ['x'] };
    const merged = mergeValues({}, mine, {});
    (merged.c as string[]).push('y');
    expect(mine.c).toEqual(['x']);
  });
});

test.each([
  [{ a: 1 }, { a: 1 }, false],
  [{ a: 1 }, { a: 2 }, true],
  [{ a: '' }, {}, false],
])('hasUserChanges(%j, %j) is %s', (base, mine, expected) => {
  expect(hasUserChanges(base, mine)).toBe(expected);
});
