// SQL of the bio samples: the answer shape (src/api/bioSamples.ts BioSample) read with its names in
// one query per page, the connected forms in one more, and the list with its filters and sorts.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { BioSampleRow, Database } from '../db/database';
import type { Locale } from '../i18n/locale';
import { validationError } from '../errors/apiError';
import { fetchList, likePattern, typedValue, type ListFieldMap } from '../lists/listQuery';
import { pgContainsSql } from '../lists/pgContains';
import { PATIENT_NUMBERS, phraseOf, SAMPLE_NUMBERS, trigramMatchesSql, trigramTerm } from '../lists/trigramIndexes';
// From the (frozen) migration, so that the search compares exactly the expression its index holds.
import { PG_SAMPLE_TEXT } from '../db/migrations/0035_bio_sample_search';
import type { BioSample, BioSampleListQuery } from '../../src/api/bioSamples';

/** The answer shape is the contract's (src/api/bioSamples.ts), so the server and the screens cannot drift apart. */
export type BioSampleView = BioSample;

/** Whether the caller sees the patient's name, decided per row by the caller (personal_data_access). */
export type ShowsName = (registryId: string, instituteId: string) => boolean;

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('bio_samples as s')
    .innerJoin('bio_sample_types as t', 't.id', 's.bio_sample_type_id')
    .innerJoin('registries as r', 'r.id', 's.registry_id')
    .innerJoin('institutes as i', 'i.id', 's.institute_id')
    .innerJoin('patients as p', 'p.id', 's.patient_id')
    .leftJoin('bio_sample_boxes as b', 'b.id', 's.box_id')
    .leftJoin('bio_samples as a', 'a.id', 's.ancestor_sample_id')
    .where('s.deleted_at', 'is', null)
    .selectAll('s')
    .select([
      't.code as type_code',
      't.name_hu as type_name_hu',
      't.name_en as type_name_en',
      't.unit as type_unit',
      'r.short_name as registry_short_name',
      'i.name as institute_name',
      'p.internal_patient_number',
      'p.name as patient_name',
      'b.fridge as box_fridge',
      'b.compartment as box_compartment',
      'b.name as box_name',
      'a.sample_number as ancestor_number',
      sql<number | string>`(select count(*) from bio_samples d where d.ancestor_sample_id = s.id and d.deleted_at is null)`.as('descendant_count'),
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

function toView(row: ViewRow, locale: Locale, showsName: ShowsName, forms: BioSampleView['connectedForms']): BioSampleView {
  return {
    id: row.id,
    sampleNumber: row.sample_number,
    state: row.state,
    bioSampleType: { id: row.bio_sample_type_id, code: row.type_code, name: locale === 'hu' ? row.type_name_hu : row.type_name_en, unit: row.type_unit },
    registry: { id: row.registry_id, shortName: row.registry_short_name },
    institute: { id: row.institute_id, name: row.institute_name },
    patient: { id: row.patient_id, internalPatientNumber: row.internal_patient_number, name: showsName(row.registry_id, row.institute_id) ? row.patient_name : null },
    sampleCollectedAt: row.sample_collected_at,
    legacySampleNumber: row.legacy_sample_number,
    notes: row.notes,
    sampleParameters: JSON.parse(row.sample_parameters) as Record<string, string | number | null>,
    arrivedToBiobankAt: row.arrived_to_biobank_at,
    amount: num(row.amount),
    virtual: Boolean(row.is_virtual),
    ancestorSample: row.ancestor_sample_id ? { id: row.ancestor_sample_id, sampleNumber: row.ancestor_number ?? '' } : null,
    descendantCount: Number(row.descendant_count),
    localization:
      row.box_id && row.box_row !== null && row.box_column !== null
        ? { boxId: row.box_id, fridge: row.box_fridge ?? '', compartment: row.box_compartment ?? '', box: row.box_name ?? '', row: Number(row.box_row), column: Number(row.box_column) }
        : null,
    dispatchedAt: row.dispatched_at,
    dispatchedTo: row.dispatched_to,
    connectedForms: forms,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
  };
}

/** The forms each sample is attached to (live forms only), in one query. */
async function connectedFormsOf(db: Kysely<Database>, ids: readonly string[], locale: Locale): Promise<Map<string, BioSampleView['connectedForms']>> {
  const found = new Map<string, BioSampleView['connectedForms']>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('bio_sample_forms as l')
    .innerJoin('forms as f', 'f.id', 'l.form_id')
    .innerJoin('form_types as ft', 'ft.id', 'f.form_type_id')
    .select(['l.bio_sample_id', 'f.id', 'f.display_id', 'ft.name_hu', 'ft.name_en'])
    .where('l.bio_sample_id', 'in', ids)
    .where('f.deleted_at', 'is', null)
    .orderBy('l.attached_at')
    .orderBy('f.id')
    .execute();
  for (const row of rows) found.get(row.bio_sample_id)?.push({ id: row.id, displayId: row.display_id, formTypeName: locale === 'hu' ? row.name_hu : row.name_en });
  return found;
}

async function viewsOf(db: Kysely<Database>, rows: ViewRow[], locale: Locale, showsName: ShowsName): Promise<BioSampleView[]> {
  const forms = await connectedFormsOf(
    db,
    rows.map((row) => row.id),
    locale,
  );
  return rows.map((row) => toView(row, locale, showsName, forms.get(row.id) ?? []));
}

export async function findSampleRow(db: Kysely<Database>, id: string, lock?: DatabaseDialect): Promise<BioSampleRow | null> {
  let query = db.selectFrom('bio_samples').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  // SQLite serializes write transactions as a whole; PostgreSQL locks the row until the end.
  if (lock === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

export async function sampleViews(db: Kysely<Database>, ids: readonly string[], locale: Locale, showsName: ShowsName): Promise<BioSampleView[]> {
  if (ids.length === 0) return [];
  const rows = await baseQuery(db).where('s.id', 'in', ids).orderBy('s.created_at').orderBy('s.id').execute();
  return viewsOf(db, rows, locale, showsName);
}

/** Filter/sort fields of every sample list (list conventions) besides the named query parameters. */
export const SAMPLE_FIELDS: ListFieldMap = {
  sampleNumber: { column: 's.sample_number', type: 'text', notNull: true },
  legacySampleNumber: { column: 's.legacy_sample_number', type: 'text' },
  state: { column: 's.state', type: 'text', notNull: true },
  bioSampleTypeId: { column: 's.bio_sample_type_id', type: 'text', notNull: true },
  registryId: { column: 's.registry_id', type: 'text', notNull: true },
  instituteId: { column: 's.institute_id', type: 'text', notNull: true },
  patientId: { column: 's.patient_id', type: 'text', notNull: true },
  boxId: { column: 's.box_id', type: 'text' },
  ancestorSampleId: { column: 's.ancestor_sample_id', type: 'text' },
  sampleCollectedAt: { column: 's.sample_collected_at', type: 'date', notNull: true },
  arrivedToBiobankAt: { column: 's.arrived_to_biobank_at', type: 'date' },
  dispatchedAt: { column: 's.dispatched_at', type: 'date' },
  createdAt: { column: 's.created_at', type: 'date', notNull: true },
  updatedAt: { column: 's.updated_at', type: 'date', notNull: true },
};

/** The named filters of BioSampleListQuery, already checked by the route schema. */
export type SampleFilters = Omit<BioSampleListQuery, 'offset' | 'limit' | 'sort' | 'statistics'>;

/** A date or instant of a filter as stored (UTC ISO), or a 400 naming the parameter. */
function instantOf(value: string, path: string): string {
  const typed = typedValue('date', value);
  if (!typed.ok) throw validationError([{ path, key: 'date.format', context: { format: 'ISO 8601' } }]);
  return String(typed.value);
}
/** The end of a "YYYY-MM-DD" day (inclusive upper bound); a full instant stays as it is. */
const dayEnd = (value: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? instantOf(value, 'collectedTo').replace('T00:00:00.000Z', 'T23:59:59.999Z') : instantOf(value, 'collectedTo'));
const DEFAULT_SORT: ListQuery['sort'] = [{ field: 'createdAt', direction: 'desc' }];
const dayStart = (value: string): string => instantOf(value, 'collectedFrom');

/**
 * The samples whose number or legacy number, or whose patient's number, contains the term, as one
 * list of sample ids (a page then seeks each by key): through the trigram indexes of migrations
 * 0026 and 0035 on SQLite when the term has three characters or more, through pg_trgm's indexes
 * on PostgreSQL (asked for the term's telling word: lists/pgContains.ts), else compared row by row.
 */
function searchSql(dialect: DatabaseDialect, search: string): RawBuilder<SqlBool> {
  const term = trigramTerm(dialect, search);
  if (term !== undefined) {
    return sql<SqlBool>`s.id in (select r.id from ${sql.table(SAMPLE_NUMBERS.fts)}(${phraseOf(term)}) f inner join ${sql.table(SAMPLE_NUMBERS.rows)} r on r.seq = f.rowid
      union select b.id from bio_samples b where ${trigramMatchesSql(PATIENT_NUMBERS, 'b.patient_id', term)})`;
  }
  const folded = search.toLowerCase();
  if (dialect === 'postgres') {
    // Each side's matches as an array computed once (an InitPlan), which the samples' key and patient
    // indexes then read: planning the union's join of samples and patients for every term cost more
    // than running it (`RAB-0123`: 1.3 ms of planning and 1.7 of running, now 0.5 and 1.0; a common
    // term half the time too: docs/decisions.md "The biobank's search: each side's matches once").
    return sql<SqlBool>`(s.id = any(array(select id from bio_samples where ${pgContainsSql(sql.raw(PG_SAMPLE_TEXT), folded)}))
      or s.patient_id = any(array(select p.id from patients p where ${pgContainsSql(sql`lower(p.internal_patient_number)`, folded)})))`;
  }
  // The same folding as the indexes: casefold (JavaScript's) on SQLite, whose lower() folds ASCII only.
  const contains = (text: RawBuilder<unknown>) => sql<SqlBool>`casefold(${text}) like ${likePattern(folded)} escape '\\'`;
  return sql<SqlBool>`s.id in (select id from bio_samples where ${contains(sql`sample_number || char(31) || coalesce(legacy_sample_number, '')`)}
    union select b.id from bio_samples b inner join patients p on p.id = b.patient_id where ${contains(sql`p.internal_patient_number`)})`;
}

/** The rows of a table with registry_id and institute_id (a sample as `s`, a counter row as `c`) the caller's scope reaches. */
export type SampleScope = (table: 's' | 'c') => RawBuilder<SqlBool>;

/**
 * The live samples the scope reaches with the state and registry filters, from the counters of
 * migration 0034: the total of a list without a search or a narrowing filter (a few rows summed
 * instead of counting up to the whole biobank).
 */
async function keptSampleTotal(db: Kysely<Database>, scope: SampleScope, filters: SampleFilters): Promise<number> {
  let query = db.selectFrom('bio_sample_counts as c').select(sql<number | string | null>`sum(c.n)`.as('total')).where(scope('c'));
  if (filters.state) query = query.where('c.state', '=', filters.state);
  if (filters.registryId) query = query.where('c.registry_id', '=', filters.registryId);
  return Number((await query.executeTakeFirst())?.total ?? 0);
}

/**
 * One page of samples: the page's ids chosen over bio_samples alone (the scope, the filters, the
 * sort and the tie-breaker read its own columns; a search also the patient's number), through the
 * live-sample indexes of migration 0034, then the views of those ids only. The total comes from
 * the kept counters where they can answer it, else it is counted over the same narrow query.
 */
export async function listSamples(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  locale: Locale,
  query: ListQuery,
  scope: SampleScope,
  filters: SampleFilters,
  showsName: ShowsName,
): Promise<{ items: BioSampleView[]; total?: number }> {
  let base = db.selectFrom('bio_samples as s').select('s.id').where('s.deleted_at', 'is', null).where(scope('s'));
  if (filters.bioSampleTypeId) base = base.where('s.bio_sample_type_id', '=', filters.bioSampleTypeId);
  if (filters.state) base = base.where('s.state', '=', filters.state);
  if (filters.registryId) base = base.where('s.registry_id', '=', filters.registryId);
  if (filters.patientId) base = base.where('s.patient_id', '=', filters.patientId);
  if (filters.boxId) base = base.where('s.box_id', '=', filters.boxId);
  if (filters.collectedFrom) base = base.where('s.sample_collected_at', '>=', dayStart(filters.collectedFrom));
  if (filters.collectedTo) base = base.where('s.sample_collected_at', '<=', dayEnd(filters.collectedTo));
  const search = filters.search?.trim();
  let fields = SAMPLE_FIELDS;
  let listQuery = query;
  if (search) {
    base = base.where(searchSql(dialect, search));
    // A scanner types the whole sample number: that sample comes first, then the asked order.
    fields = { ...SAMPLE_FIELDS, exactMatch: { column: sql`case when lower(s.sample_number) = ${search.toLowerCase()} then 0 else 1 end`, type: 'integer', notNull: true, filter: false } };
    listQuery = { ...query, sort: [{ field: 'exactMatch', direction: 'asc' }, ...(query.sort.length > 0 ? query.sort : DEFAULT_SORT)] };
  }
  const narrowed = Boolean(search || filters.bioSampleTypeId || filters.patientId || filters.boxId || filters.collectedFrom || filters.collectedTo) || query.filter.length > 0;
  const kept = query.statistics && !narrowed;
  const [{ rows, total }, keptTotal] = await Promise.all([
    fetchList(base, kept ? { ...listQuery, statistics: false } : listQuery, { fields, dialect, tieBreaker: 's.id', defaultSort: DEFAULT_SORT }, search ? db : undefined),
    kept ? keptSampleTotal(db, scope, filters) : undefined,
  ]);
  const ids = rows.map((row) => row.id);
  const views = new Map((await sampleViews(db, ids, locale, showsName)).map((view) => [view.id, view]));
  return { items: ids.flatMap((id) => views.get(id) ?? []), total: keptTotal ?? total };
}
