// One page of the subject status matrix at scale (docs/decisions.md "Scale: the matrix page, single
// reads, users and the application log"): the page walks attendances_matrix_idx in the default
// order (registry, folded patient number kept by triggers, start, id), tests the filters on the
// index's entries where it can (the scope columns, the visit id: migration 0036), joins the patient
// and institute of the rows it keeps, stops at the page and reads the page's forms in the same
// statement (statusMatrix.forms.ts), and the heading where one statement walks the page; the total
// comes from the kept counters (statusMatrix.totals.ts) when no filter but the institute and
// "needs my action" narrows it.
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FilterClause, ListQuery } from '../../src/domain/lists';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { countedPage } from '../lists/countedPage';
import { rememberedVerdict, rememberVerdict } from '../lists/planVerdicts';
import { applyListFilters, applyListSort, atOrAfterSql, lastPageTotal, sortTerms, type ListFieldMap } from '../lists/listQuery';
import { personalDataSql, scopeColumn } from '../permissions/patientScopes';
import { scopeCondition } from '../permissions/scopeSql';
import { COUNT_CAP, MAX_MATCHES, indexedSearch } from './indexedSearch';
import { matrixFormsColumn, parseMatrixForms, type MatrixFormRecord } from './statusMatrix.forms';
import { parseMatrixHeading, type HeadingSource, type MatrixHeading } from './statusMatrix.repository';
import { institutesInSortOrder, instituteSortOf, pageByInstitute } from './statusMatrix.instituteOrder';
import { keptTotalOf, keptTotalSql, scopesIn, type FormFilters } from './statusMatrix.totals';
import { visitIdInstitutes } from './visitIdInstitutes';
import { visitIdQuadgramSearch } from './visitIdQuadgrams';
import { keyedVisitIdMatches, readsKeys } from './visitIdKeys';

export interface MatrixRowRecord {
  attendanceId: string;
  attendanceDisplayId: string;
  attendanceState: string;
  startDateTime: string;
  patientId: string;
  internalPatientNumber: string;
  patientName: string | null;
  instituteId: string;
  instituteShortName: string;
}

/**
 * Filters and sorts of the matrix. `state` and `needsMyAction` are about the attendance's forms, so
 * the service turns them into IN conditions (their column here is never used). The patient number
 * sorts by the kept folded copy on the attendance (index order), filters on the patient's own.
 */
export const MATRIX_FIELDS: ListFieldMap = {
  instituteId: { column: 'attendances.institute_id', type: 'text', sort: false },
  state: { column: 'attendances.state', type: 'text', sort: false },
  needsMyAction: { column: 'attendances.id', type: 'boolean', sort: false },
  attendanceState: { column: 'attendances.state', type: 'text', notNull: true },
  internalPatientNumber: {
    column: 'patients.internal_patient_number',
    sortKey: 'attendances.patient_number_folded',
    notNull: true,
    type: 'text',
    folded: { column: 'attendances.patient_number_folded', fold: (value) => value.toLowerCase() },
  },
  // Sorted by its folded value, which attendances_display_idx holds (migration 0025); searched
  // through the visit-id trigrams (migration 0030, indexedSearch.ts).
  displayId: { column: 'attendances.display_id', notNull: true, type: 'text' },
  instituteShortName: { column: 'institutes.short_name', type: 'text' },
  startDateTime: { column: 'attendances.start_date_time', type: 'date', notNull: true },
};

/**
 * MATRIX_FIELDS as columns of a page read first, for its order read again around it (withForms):
 * the institute's name is the page's column; the other sort keys are the attendance's own.
 */
const PAGE_FIELDS: ListFieldMap = {
  ...MATRIX_FIELDS,
  instituteShortName: { ...MATRIX_FIELDS.instituteShortName, column: 'attendances.institute_short_name' },
};

/**
 * Whether a filter reads the joined patient or institute rather than the attendance: the patient
 * number's "contains" reads the attendance's kept folded copy, its other comparisons the patient's.
 */
function readsJoined(clause: FilterClause): boolean {
  if (clause.field === 'instituteShortName') return true;
  return clause.field === 'internalPatientNumber' && clause.operator !== '=@' && clause.operator !== '!@';
}

/** A "contains" filter on a code the trigram indexes serve (indexedSearch.ts). */
function searchesCode(clause: FilterClause): boolean {
  return clause.operator === '=@' && (clause.field === 'displayId' || clause.field === 'internalPatientNumber');
}

/** What a gathered match keeps: its id, its state and every column the matrix sorts by (MATRIX_FIELDS). */
const GATHERED_COLUMNS = [
  'attendances.id',
  'attendances.state',
  'attendances.display_id',
  'attendances.start_date_time',
  sql<string>`attendances.patient_number_folded`.as('patient_number_folded'),
] as const;

const DEFAULT_SORT = [
  { field: 'internalPatientNumber', direction: 'asc' as const },
  { field: 'startDateTime', direction: 'asc' as const },
];

/** A row with its attendance's live forms (matrixFormsColumn), read in the page's statement. */
export interface MatrixPageRow extends MatrixRowRecord {
  forms: MatrixFormRecord[];
}

/** One page of rows and its total; `totalCapped`: there are more matches than `total` (COUNT_CAP). */
export interface MatrixPage {
  rows: MatrixPageRow[];
  total?: number;
  totalCapped?: boolean;
}

/** A page with the matrix's heading (HeadingSource), null when no registry has the id. */
export interface HeadedMatrixPage extends MatrixPage {
  heading: MatrixHeading | null;
}

/** A value in one row of the statement only (the heading is read once, not sent with every row). */
const inOneRow = (value: RawBuilder<unknown>) => sql<unknown>`case when row_number() over () = 1 then ${value} end`;

/**
 * Attendances of the registry the subject may see (reg_access at their institute and physician,
 * as GET /attendances/{id}). One scope stays a plain equality, which attendances_matrix_institute_idx
 * answers in order; an OR of several is compared as values on SQLite (scopeColumn), so that the
 * page walks attendances_matrix_idx and tests the scopes on its entries instead of sorting them all.
 */
export function matrixScopeSql(subject: PermissionSubject, registryId: string, dialect: DatabaseDialect): RawBuilder<SqlBool> {
  const { all, scopes } = scopesIn(subject, registryId);
  const plain = scopes.length === 1 ? undefined : dialect;
  return scopeCondition(
    { all, scopes },
    { instituteId: scopeColumn('attendances.institute_id', plain), physicianId: scopeColumn('attendances.physician_id', plain) },
  );
}

/**
 * The attendances with what a row shows of their patient and institute, and the folded patient
 * number, which a page's order may read again around it (withForms).
 */
function matrixBase(db: Kysely<Database>, subject: PermissionSubject) {
  return db
    .selectFrom('attendances')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .innerJoin('institutes', 'institutes.id', 'attendances.institute_id')
    .select([
      'attendances.id',
      'attendances.display_id',
      'attendances.state',
      'attendances.start_date_time',
      sql<string>`attendances.patient_number_folded`.as('patient_number_folded'),
      'patients.id as patient_id',
      'patients.internal_patient_number',
      sql<string | null>`case when ${personalDataSql(subject)} then patients.name else null end`.as('patient_name'),
      'institutes.id as institute_id',
      'institutes.short_name as institute_short_name',
    ]);
}

export async function matrixRows(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  registryId: string,
  query: ListQuery,
  forms: FormFilters,
  heading: HeadingSource,
): Promise<HeadedMatrixPage> {
  const byIndex = await indexedSearch(db, dialect, query.filter);
  const byInstitute = instituteSortOf(query.sort);
  // The page's ids are chosen over the attendances alone unless a filter or the order reads the patient or institute.
  const joined = byIndex.filter.some(readsJoined) || query.sort.some((clause) => clause.field === 'instituteShortName');
  // A code search its trigram index did not answer (SQLite: a common term; PostgreSQL: any).
  const searchesCodes = !byInstitute && byIndex.conditions.length === 0 && byIndex.filter.some(searchesCode) && !joined;
  const walks = !byInstitute && byIndex.conditions.length === 0 && !searchesCodes;
  // On PostgreSQL a walk is one statement, which carries the heading too (a round trip less); any
  // other page reads the heading beside its own statements. So does SQLite's walk: there the heading
  // is a quick read on the main thread beside the page in a read worker, the busier side (carried,
  // ten clients' req/s ×0.87: bench/README.md "A walked matrix page carries its heading").
  const carries = walks && dialect === 'postgres';
  const separateHeading = carries ? undefined : heading.read();
  separateHeading?.catch(() => undefined);
  let carriedHeading: MatrixHeading | undefined;
  const headed = async (page: MatrixPage): Promise<HeadedMatrixPage> => ({ ...page, heading: carriedHeading ?? (await (separateHeading ?? heading.read())) });
  // The first page of a walk reads the kept total along, as a value computed once: one statement
  // fewer on the request's path. A later page learns it first, to answer a page past the end at once.
  const keptSql = keptTotalSql(db, dialect, subject, registryId, query, forms);
  const keptAlong = keptSql !== undefined && walks && query.offset === 0 ? keptSql : undefined;
  const extra = [...forms.conditions, ...byIndex.conditions];
  // The institutes' kept counts are the list's own unless a filter besides the institute narrows it.
  const keptCountsExact = extra.length === 0 && byIndex.filter.every((clause) => clause.field === 'instituteId');
  // Sorted by institute with those counts exact, the total is their sum: no statement of its own.
  const totalOfInstitutes = byInstitute !== undefined && keptSql !== undefined && keptCountsExact;
  const kept = keptSql === undefined || keptAlong || totalOfInstitutes ? undefined : await keptTotalOf(db, keptSql);
  if (kept !== undefined && query.offset >= kept) return await headed({ rows: [], total: kept });
  let base = matrixBase(db, subject).where('attendances.registry_id', '=', registryId).where(matrixScopeSql(subject, registryId, dialect));
  for (const condition of extra) base = base.where(condition);
  const filtered = applyListFilters(base, byIndex.filter, MATRIX_FIELDS, dialect);
  // Counted over the attendances alone unless a filter or the order reads the patient or the institute.
  // `narrowed`: a common code search's institute (visitIdInstitutes.ts), never with `joined`.
  // `searched`: the filters in place of the list's (a visit-id term asked of its pieces instead: visitIdQuadgrams.ts).
  const counting = (narrowed: RawBuilder<SqlBool>[] = [], searched = byIndex.filter) => {
    let lean = db.selectFrom('attendances').where('attendances.registry_id', '=', registryId).where(matrixScopeSql(subject, registryId, dialect));
    for (const condition of [...extra, ...narrowed]) lean = lean.where(condition);
    return joined ? filtered.clearSelect() : applyListFilters(lean, searched, MATRIX_FIELDS, dialect);
  };
  const spec = { fields: MATRIX_FIELDS, dialect, tieBreaker: 'attendances.id', defaultSort: DEFAULT_SORT };
  const aroundPage = { ...spec, fields: PAGE_FIELDS };
  const formsColumn = matrixFormsColumn(subject, dialect);
  // A page read by its order and offset, with each row's forms read around it: for the page's
  // rows only, never for those the offset skips (PostgreSQL computes a row's columns before
  // skipping it). Its order is read again outside, which keeps it.
  const withForms = <Row>(page: SelectQueryBuilder<Database, 'attendances' | 'patients' | 'institutes', Row>) =>
    db.selectFrom(page.as('attendances')).selectAll('attendances').select(formsColumn.as('forms'));
  // The rows of a page whose ids were chosen over the attendances alone, joined, with their forms, in the page's order.
  const joinedPage = async (ids: string[]) =>
    ids.length === 0 ? [] : await applyListSort(matrixBase(db, subject).select(formsColumn.as('forms')).where('attendances.id', 'in', ids), query.sort, spec).execute();
  // A common term: its page walked in the page's order and stopped there; then its matches counted
  // from the page's first row on (an index seek to it), no further than COUNT_CAP (or the page)
  // past it; only the page's rows are then joined. Where one institute's visit ids alone can hold a
  // visit-id term, both walk that institute's index (visitIdInstitutes.ts). An exact total would
  // test every attendance of the registry. The count is a statement of its own: counted along the
  // page (`count(*) over ()`), the 10,001 matches walked were kept and read again (SQLite: 5.7 ms
  // for the page and count of an institute's visits, now 1.4; docs/decisions.md "Common code
  // searches: the institute's walk holds the visit id, counted from the page on").
  const cappedPage = async () => {
    const narrowed = await visitIdInstitutes(db, registryId, byIndex.filter);
    const terms = sortTerms(query.sort, spec);
    const keys = terms.map(({ ref }, index) => sql`${ref}`.as(`key${index}`));
    const found = await applyListSort(counting(narrowed).select(['attendances.id', ...keys] as never), query.sort, spec)
      .limit(query.limit)
      .offset(query.offset)
      .execute() as Record<string, unknown>[];
    const rows = await joinedPage(found.map((row) => String(row.id)));
    if (!query.statistics) return { rows, total: undefined, capped: false };
    const span = query.offset + Math.max(COUNT_CAP, query.limit);
    // Matches counted no further than `upTo`, in the page's order (an index walk, not a sort).
    const countOf = async (matches: ReturnType<typeof counting>, upTo: number) => {
      const walked = applyListSort(matches.select('attendances.id'), query.sort, spec).limit(upTo);
      const row = await db.selectFrom(walked.as('walked')).select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    const first = found[0];
    // A page past the last match has no first row: the matches are counted from the start.
    const counted =
      first !== undefined
        ? query.offset + (await countOf(counting(narrowed).where(atOrAfterSql(terms, terms.map((_, index) => first[`key${index}`]))), span - query.offset + 1))
        : query.offset === 0
          ? 0
          : await countOf(counting(narrowed), span + 1);
    return { rows, total: Math.min(counted, span), capped: counted > span };
  };
  let page: Awaited<ReturnType<typeof joinedPage>>;
  let countedAlong: number | undefined;
  let totalCapped = false;
  if (byInstitute) {
    let institutes = await institutesInSortOrder(db, dialect, subject, registryId, query, byInstitute);
    if (totalOfInstitutes) countedAlong = institutes.reduce((sum, { n }) => sum + n, 0);
    // With other filters a later page needs each institute's matching attendances counted.
    if (!keptCountsExact && query.offset > 0) {
      const counted = await counting().select(['attendances.institute_id', sql<number | string>`count(*)`.as('n')]).groupBy('attendances.institute_id').execute();
      const byId = new Map(counted.map((row) => [row.institute_id, Number(row.n)]));
      institutes = institutes.map(({ instituteId }) => ({ instituteId, n: byId.get(instituteId) ?? 0 }));
    }
    page = await pageByInstitute(institutes, query.offset, query.limit, (instituteId, limit, offset) =>
      withForms(filtered.where('attendances.institute_id', '=', instituteId).orderBy('attendances.id', byInstitute).limit(limit).offset(offset))
        .orderBy('attendances.id', byInstitute)
        .execute(),
    );
  } else if (byIndex.conditions.length > 0 && !joined) {
    // The few matches of an indexed search are read and sorted whole: over the attendances alone
    // (a visit id's from its search rows where they hold every column the page tests and sorts by:
    // visitIdKeys.ts), counted in the same statement; then only the page's rows are joined.
    const keyedTerm = byIndex.conditions.length === 1 && readsKeys(query, byIndex.filter, forms.conditions.length) ? byIndex.visitIdTerm : undefined;
    const matches =
      keyedTerm !== undefined
        ? applyListFilters(keyedVisitIdMatches(db, keyedTerm, registryId, matrixScopeSql(subject, registryId, dialect)), byIndex.filter, MATRIX_FIELDS, dialect)
        : counting();
    const found = await countedPage(db, dialect, matches.select('attendances.id'), sortTerms(query.sort, spec), query);
    countedAlong = found.total;
    page = await joinedPage(found.rows.map((row) => row.id));
  } else if (searchesCodes && dialect === 'postgres') {
    // A rare term first: at most MAX_MATCHES + 1 matches gathered (the GIN index finds a few at
    // once, a scan soon finds that many of a common term), sorted and counted in one statement
    // over the attendances alone; only the page's rows are then joined (sorting joined rows read
    // every match's patient: 12 ms for 583 matches). The state, which attendances_matrix_idx lacks,
    // keeps PostgreSQL from gathering by an index-only walk of it in page order: where a common
    // term's matches cluster at its end (an institute's short name) that walk passed 100,000 other
    // entries first (44 ms), a scan of the table finds 2,001 at once (7 ms).
    // A term found common for this caller and filter a moment ago goes straight to the walk
    // (planVerdicts.ts): its gather, sorted and counted, was 6 ms for nothing. A visit-id term of
    // four characters or more with a rare piece is gathered through the pieces' index
    // (visitIdQuadgrams.ts); the gather keeps only the columns the page's order reads (the whole
    // row cost 0.2 ms more).
    const commonKey = `common ${subject.userId} ${registryId} ${JSON.stringify(query.filter)}`;
    const gather = async () => {
      const pieces = await visitIdQuadgramSearch(db, byIndex.filter);
      const matches = counting(pieces.conditions, pieces.filter).select(GATHERED_COLUMNS).limit(MAX_MATCHES + 1);
      const gathered = db.selectFrom(matches.as('attendances')).select(['attendances.id', 'attendances.state']);
      return await countedPage(db, dialect, gathered, sortTerms(query.sort, spec), query);
    };
    const found = rememberedVerdict(db, commonKey) ? undefined : await gather();
    if (found?.total !== undefined && found.total <= MAX_MATCHES) {
      countedAlong = found.total;
      page = await joinedPage(found.rows.map((row) => row.id));
    } else {
      if (found?.total !== undefined) rememberVerdict(db, commonKey, true);
      ({ rows: page, total: countedAlong, capped: totalCapped } = await cappedPage()); // a common term, or a page past the gathered ones
    }
  } else if (searchesCodes) {
    ({ rows: page, total: countedAlong, capped: totalCapped } = await cappedPage());
  } else {
    // One statement: the database walks the index of the sort in order and joins the page's rows only.
    const walk = applyListSort(filtered, query.sort, spec).limit(query.limit).offset(query.offset);
    const carrying = <Row>(rows: SelectQueryBuilder<Database, 'attendances', Row>) =>
      carries ? rows.select([inOneRow(heading.carried.columns).as('heading_columns'), inOneRow(heading.carried.institutes).as('heading_institutes')]) : rows;
    let found;
    if (keptAlong) {
      found = await applyListSort(carrying(withForms(walk.select(keptAlong.as('kept_total')))), query.sort, aroundPage).execute();
      // An empty first page has no row to carry the total.
      countedAlong = found.length > 0 ? Number(found[0].kept_total) : await keptTotalOf(db, keptAlong);
    } else found = await applyListSort(carrying(withForms(walk)), query.sort, aroundPage).execute();
    // An empty page has no row to carry the heading either: it is read on its own then.
    const carrier = carries ? (found as { heading_columns?: unknown; heading_institutes?: unknown }[]).find((row) => row.heading_columns !== null) : undefined;
    if (carrier) carriedHeading = parseMatrixHeading(carrier.heading_columns, carrier.heading_institutes);
    page = found;
  }
  const rows = page.map((row) => ({
    attendanceId: row.id,
    attendanceDisplayId: row.display_id,
    attendanceState: row.state,
    startDateTime: row.start_date_time,
    patientId: row.patient_id,
    internalPatientNumber: row.internal_patient_number,
    patientName: row.patient_name,
    instituteId: row.institute_id,
    instituteShortName: row.institute_short_name,
    forms: parseMatrixForms(row.forms),
  }));
  if (!query.statistics || kept !== undefined) return await headed({ rows, total: kept });
  if (countedAlong !== undefined) return await headed({ rows, total: countedAlong, ...(totalCapped ? { totalCapped } : {}) });
  const last = lastPageTotal(query, page.length);
  if (last !== undefined) return await headed({ rows, total: last });
  const counted = await counting().select(sql<number | string>`count(*)`.as('total')).executeTakeFirst();
  return await headed({ rows, total: Number(counted?.total ?? 0) });
}
