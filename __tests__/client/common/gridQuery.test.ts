import {
  createGridQuery,
  gridQueryToParams,
  pageCount,
  withFilterClause,
  withPage,
  withPageSize,
  withSort,
} from '../../../src/common/dataGrid/gridQuery';

describe('gridQueryToParams', () => {
  it('writes offset, limit, filter, sort and statistics in the list grammar', () => {
    const params = gridQueryToParams({
      offset: 20,
      limit: 10,
      filter: [
        { field: 'lastName', operator: '=@', value: 'Kov' },
        { field: 'city', operator: '==', value: 'Pécs, Baranya' },
      ],
      sort: [
        { field: 'lastName', direction: 'desc' },
        { field: 'id', direction: 'asc' },
      ],
    });
    expect(params).toEqual({
      offset: '20',
      limit: '10',
      filter: 'lastName=@Kov,city==Pécs,, Baranya',
      sort: '-lastName,id',
      statistics: 'true',
    });
  });

  it('leaves out empty filter and sort', () => {
    expect(gridQueryToParams(createGridQuery())).toEqual({ offset: '0', limit: '10', statistics: 'true' });
  });

  it('keeps limit and offset within what the server accepts', () => {
    expect(gridQueryToParams({ offset: -5, limit: 5000, filter: [], sort: [] })).toMatchObject({ offset: '0', limit: '1000' });
    expect(gridQueryToParams({ offset: 0, limit: 0, filter: [], sort: [] })).toMatchObject({ limit: '10' });
  });
});

describe('grid query transitions', () => {
  const base = { offset: 40, limit: 20, filter: [{ field: 'a', operator: '==' as const, value: '1' }], sort: [] };

  it('uses the perPage preference, falling back to 10 for nonsense', () => {
    expect(createGridQuery(50)).toEqual({ offset: 0, limit: 50, filter: [], sort: [] });
    expect(createGridQuery()).toMatchObject({ limit: 10 });
    expect(createGridQuery(Number.NaN)).toMatchObject({ limit: 10 });
  });

  it('replaces and removes one field clause and goes back to page one', () => {
    const added = withFilterClause(base, 'b', { field: 'b', operator: '=@', value: 'x' });
    expect(added).toMatchObject({ offset: 0, filter: [base.filter[0], { field: 'b', operator: '=@', value: 'x' }] });
    expect(withFilterClause(added, 'a', null).filter).toEqual([{ field: 'b', operator: '=@', value: 'x' }]);
    expect(withFilterClause(base, 'a', { field: 'a', operator: '==', value: '2' }).filter).toEqual([
      { field: 'a', operator: '==', value: '2' },
    ]);
  });

  it('resets the offset on sort and page-size changes, and pages by limit', () => {
    expect(withSort(base, [{ field: 'a', direction: 'asc' }])).toMatchObject({ offset: 0 });
    expect(withPageSize(base, 50)).toMatchObject({ offset: 0, limit: 50 });
    expect(withPage(base, 3)).toMatchObject({ offset: 60 });
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
