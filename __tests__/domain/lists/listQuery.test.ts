import { formatSort, LIST_LIMIT, parseListQuery, parseSort } from '../../../src/domain/lists';

const fields = { filter: ['name', 'city'], sort: ['name', 'createdAt'] };

describe('parseListQuery', () => {
  test('defaults', () => {
    expect(parseListQuery({}, fields)).toEqual({
      ok: true,
      query: { offset: 0, limit: LIST_LIMIT.default, filter: [], sort: [], statistics: false },
    });
  });

  test('reads every parameter', () => {
    const result = parseListQuery(
      { offset: '20', limit: '50', filter: 'name=@kov,city==Győr', sort: '-createdAt,name', statistics: 'true' },
      fields,
    );
    expect(result).toEqual({
      ok: true,
      query: {
        offset: 20,
        limit: 50,
        filter: [
          { field: 'name', operator: '=@', value: 'kov' },
          { field: 'city', operator: '==', value: 'Győr' },
        ],
        sort: [
          { field: 'createdAt', direction: 'desc' },
          { field: 'name', direction: 'asc' },
        ],
        statistics: true,
      },
    });
  });

  test.each([
    [{ limit: '0' }, 'limit', 'list.limitRange'],
    [{ limit: '1001' }, 'limit', 'list.limitRange'],
    [{ limit: 'ten' }, 'limit', 'list.limitRange'],
    [{ limit: '2.5' }, 'limit', 'list.limitRange'],
    [{ offset: '-1' }, 'offset', 'list.offsetRange'],
    // Beyond 2^53 - 1 the number is not exact any more; the databases would get 1e+20.
    [{ offset: '99999999999999999999' }, 'offset', 'list.offsetRange'],
    [{ offset: '9007199254740992' }, 'offset', 'list.offsetRange'],
    [{ offset: '1e400' }, 'offset', 'list.offsetRange'],
    [{ limit: '99999999999999999999' }, 'limit', 'list.limitRange'],
    [{ filter: 'password==x' }, 'filter', 'list.unknownFilterField'],
    [{ filter: 'name~x' }, 'filter', 'list.filterSyntax'],
    [{ sort: 'passwordHash' }, 'sort', 'list.unknownSortField'],
    [{ sort: 'name;drop table' }, 'sort', 'list.sortSyntax'],
    [{ statistics: 'maybe' }, 'statistics', 'list.statisticsFlag'],
  ])('%j is refused at %s with %s', (raw, path, key) => {
    const result = parseListQuery(raw, fields);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual([expect.objectContaining({ path, key })]);
  });

  test('names the allowed fields in the error context', () => {
    const result = parseListQuery({ filter: 'secret==1' }, fields);
    expect(result).toEqual({
      ok: false,
      errors: [{ path: 'filter', key: 'list.unknownFilterField', context: { field: 'secret', allowed: 'name, city' } }],
    });
  });

  test('collects several errors at once', () => {
    const result = parseListQuery({ limit: '0', sort: 'x' }, fields);
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual(['limit', 'sort']);
  });
});

describe('sort', () => {
  test('round-trips', () => {
    const parsed = parseSort('-createdAt,name');
    expect(parsed.ok && formatSort(parsed.clauses)).toBe('-createdAt,name');
  });
});

test('the largest exact offset is accepted', () => {
  const result = parseListQuery({ offset: '9007199254740991' }, fields);
  expect(result.ok && result.query.offset).toBe(Number.MAX_SAFE_INTEGER);
});
