import { formatFilter, parseFilter, type FilterClause } from '../../../src/domain/lists';

describe('parseFilter', () => {
  test.each<[string, FilterClause[]]>([
    ['', []],
    ['name==Kovács', [{ field: 'name', operator: '==', value: 'Kovács' }]],
    ['name!=x', [{ field: 'name', operator: '!=', value: 'x' }]],
    ['name=@ova', [{ field: 'name', operator: '=@', value: 'ova' }]],
    ['name!@ova', [{ field: 'name', operator: '!@', value: 'ova' }]],
    ['age>=18', [{ field: 'age', operator: '>=', value: '18' }]],
    ['age<=65', [{ field: 'age', operator: '<=', value: '65' }]],
    ['age<3', [{ field: 'age', operator: '<', value: '3' }]],
    ['age>3', [{ field: 'age', operator: '>', value: '3' }]],
    ['age>=', [{ field: 'age', operator: '>=', value: '' }]],
    ['a==1,b==2', [{ field: 'a', operator: '==', value: '1' }, { field: 'b', operator: '==', value: '2' }]],
    ['city==Pécs,, Baranya', [{ field: 'city', operator: '==', value: 'Pécs, Baranya' }]],
    ['a==x,,,b==y', [{ field: 'a', operator: '==', value: 'x,' }, { field: 'b', operator: '==', value: 'y' }]],
    ['a==x,,b==y', [{ field: 'a', operator: '==', value: 'x,b==y' }]],
    ['a===b', [{ field: 'a', operator: '==', value: '=b' }]],
    ['institute.name=@Szent', [{ field: 'institute.name', operator: '=@', value: 'Szent' }]],
  ])('%j', (text, clauses) => {
    expect(parseFilter(text)).toEqual({ ok: true, clauses });
  });

  test.each<[string, number]>([
    ['name', 4],
    ['==x', 0],
    ['a==1,', 5],
    ['a==1,b~2', 6],
    ['1a==2', 0],
    ['a=b', 1],
  ])('%j is a syntax error at %i', (text, position) => {
    expect(parseFilter(text)).toEqual({
      ok: false,
      error: { path: 'filter', key: 'list.filterSyntax', context: { position } },
    });
  });
});

describe('formatFilter', () => {
  test('doubles commas so that parse(format(x)) is x', () => {
    const clauses: FilterClause[] = [
      { field: 'city', operator: '==', value: 'Pécs, Baranya,' },
      { field: 'name', operator: '=@', value: ',,' },
      { field: 'age', operator: '>=', value: '18' },
    ];
    const text = formatFilter(clauses);
    expect(text).toBe('city==Pécs,, Baranya,,,name=@,,,,,age>=18');
    expect(parseFilter(text)).toEqual({ ok: true, clauses });
  });

  test('no clauses gives the empty string', () => {
    expect(formatFilter([])).toBe('');
  });
});
