// Valid list queries never fail: every sort of the clinical and administrative lists, alone, both
// ways and after another key, with each kind of search, and every filter under a compound sort.
// The lists take different paths by what they are asked (trigram indexes for terms of three
// characters or more, walks and capped counts for shorter ones, kept counters, the matrix's pages
// by institute), and one such combination answered 500: a short visit-id search sorted by the
// institute among other keys. An answer may be 400 (an operator a field's type refuses), never 500.
import { sql } from 'kysely';
import type { ListFieldMap, ListFieldType } from '../../../server/lists/listQuery';
import { APPLICATION_LOG_FIELDS } from '../../../server/appLog/appLog.query';
import { SAMPLE_FIELDS } from '../../../server/biobank/bioSamples.repository';
import { TODO_FIELDS } from '../../../server/forms/forms.todo';
import { GROUP_LIST_FIELDS } from '../../../server/groups/groups.repository';
import { instituteFields } from '../../../server/institutes/institutes.repository';
import { ACCESS_ENTRY_FIELDS } from '../../../server/permissions/accessEntries.repository';
import { registryFields } from '../../../server/registries/registries.repository';
import { patientFields } from '../../../server/patients/patients.repository';
import { MATRIX_FIELDS } from '../../../server/statusMatrix/statusMatrix.page';
import { USER_LIST_FIELDS } from '../../../server/users/userAdmin.repository';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, MONITOR, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;

// Hundreds of requests per list and caller.
jest.setTimeout(120_000);

beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Filters a field of the type accepts, searches of several lengths for text. */
const SAMPLE_FILTERS: Record<ListFieldType, string[]> = {
  text: ['=@a', '=@sz', '=@szlk', '==x', '!@ra'],
  number: ['==1', '>=0'],
  integer: ['==1', '<=2'],
  date: ['>=2020-01-01', '<2040-01-01'],
  boolean: ['==true', '!=true'],
};

/** Each sortable field alone both ways, and first and second of a pair with another field. */
function sortsOf(fields: ListFieldMap): string[] {
  const names = Object.entries(fields)
    .filter(([, field]) => field.sort !== false)
    .map(([name]) => name);
  const single = names.flatMap((name) => [name, `-${name}`]);
  const pairs = names.flatMap((name) => {
    const other = names.find((candidate) => candidate !== name);
    return other === undefined ? [] : [`-${name},${other}`, `${other},-${name}`];
  });
  return [...single, ...pairs];
}

function filtersOf(fields: ListFieldMap): string[] {
  return Object.entries(fields).flatMap(([name, field]) => SAMPLE_FILTERS[field.type].map((filter) => `${name}${filter}`));
}

/** The text searches each sort is tried with: every "contains" of every text field. */
function searchesOf(fields: ListFieldMap): string[] {
  return filtersOf(fields).filter((filter) => filter.includes('=@'));
}

async function failures(as: string, path: string, queries: string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const query of queries) {
    const answer = await server.call('GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, as);
    if (answer.status >= 500) failed.push(`${as} ${path} ${decodeURIComponent(query)}: ${answer.status}`);
  }
  return failed;
}

/**
 * `searchEverySort`: each sort with each search, for the lists whose searches take paths of their
 * own (indexes, walks, capped counts); the others' searches run under the compound sort only.
 */
function combinations(fields: ListFieldMap, searchEverySort: boolean): { sorted: string[]; all: string[] } {
  const sorts = sortsOf(fields);
  const compound = sorts.find((sort) => sort.includes(',')) ?? sorts[0];
  const page = 'limit=2&offset=1&statistics=true';
  const sorted = sorts.map((sort) => `${page}&sort=${encodeURIComponent(sort)}`);
  const searched = (searchEverySort ? sorts : []).flatMap((sort) => searchesOf(fields).map((search) => `${page}&sort=${encodeURIComponent(sort)}&filter=${encodeURIComponent(search)}`));
  const filtered = filtersOf(fields).map((filter) => `${page}&sort=${encodeURIComponent(compound)}&filter=${encodeURIComponent(filter)}`);
  return { sorted, all: [...searched, ...filtered] };
}

describe.each([
  { list: 'the status matrix', path: () => `/registries/${server.registryId('RA-BIO')}/status-matrix`, fields: MATRIX_FIELDS, callers: [ADMIN, MONITOR, INVESTIGATOR], searchEverySort: true },
  { list: 'the patients', path: () => '/patients', fields: patientFields(sql`true`, 'all'), callers: [ADMIN, MONITOR, INVESTIGATOR], searchEverySort: true },
  { list: 'the forms to approve', path: () => '/forms/approvable', fields: TODO_FIELDS, callers: [MONITOR, INVESTIGATOR], searchEverySort: true },
  { list: 'the forms to correct', path: () => '/forms/correctable', fields: TODO_FIELDS, callers: [INVESTIGATOR], searchEverySort: true },
  { list: 'the bio samples', path: () => '/bio-samples', fields: SAMPLE_FIELDS, callers: [ADMIN], searchEverySort: true },
  { list: 'the users', path: () => '/users', fields: USER_LIST_FIELDS, callers: [ADMIN], searchEverySort: false },
  { list: 'the application log', path: () => '/application-log', fields: APPLICATION_LOG_FIELDS, callers: [ADMIN], searchEverySort: false },
  { list: 'the user groups', path: () => '/user-groups', fields: GROUP_LIST_FIELDS, callers: [ADMIN], searchEverySort: false },
  { list: 'the registry access list', path: () => '/registry-acl', fields: ACCESS_ENTRY_FIELDS, callers: [ADMIN], searchEverySort: false },
  { list: 'the institutes', path: () => '/institutes', fields: instituteFields('en'), callers: [ADMIN], searchEverySort: false },
  { list: 'the registries', path: () => '/registries', fields: registryFields('en'), callers: [ADMIN, MONITOR], searchEverySort: false },
])('$list', ({ path, fields, callers, searchEverySort }) => {
  it('answers every sort, each search, and every filter without a server error', async () => {
    const { sorted, all } = combinations(fields, searchEverySort);
    expect(sorted.length).toBeGreaterThan(0);
    for (const as of callers) {
      // Every sort of a sortable field is valid: 200, not merely "no 500".
      for (const query of sorted) {
        const answer = await server.call('GET', `${path()}?${query}`, as);
        expect({ as, query: decodeURIComponent(query), status: answer.status }).toEqual({ as, query: decodeURIComponent(query), status: 200 });
      }
      expect(await failures(as, path(), all)).toEqual([]);
    }
  });
});
