// SQL for patients. Personal columns (name, insurance number, dob) are read through a CASE on the
// caller's personal_data_access scope, so that neither answers nor filters nor sorts reveal them.
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database, PatientGender } from '../db/database';
import { countedPage } from '../lists/countedPage';
import { applyListFilters, applyListSort, lastPageTotal, sortTerms, type ListField, type ListFieldMap } from '../lists/listQuery';
import type { PersonalDataReach, RegistryInstitutePair } from '../permissions/patientScopes';
import { indexMatchCount, patientsSource, trigramSearch, trigramSorts, type TrigramSearch } from './nameTrigrams';
import { PATIENT_NUMBERS, trigramMatchesSql, trigramTerm } from '../lists/trigramIndexes';
import { mergedScopePage } from './patientsScopePage';
import { numberMatchesSource, numberMatchesTerm } from './numberMatches';

import type { Patient } from '../../src/domain/patients/patient';
import { normalizeInsuranceNumber } from '../../src/domain/patients/insuranceNumber';
import { foldSearchText } from '../../src/domain/patients/searchText';

export type { Patient };

/** The unmasked row, for the rules of the service (duplicates, merges). */
export interface PatientRecord {
  id: string;
  registryId: string;
  instituteId: string;
  name: string;
  dob: string;
  insuranceNumber: string | null;
}

const masked = (personal: RawBuilder<SqlBool>, column: string): RawBuilder<string | null> =>
  sql<string | null>`case when ${personal} then ${sql.ref(column)} else null end`;

/**
 * A personal column: plain where the caller sees every visible patient's personal data, NULL where
 * they see none, else masked. The plain NULL lets SQLite answer a filter on it once for the whole
 * statement: masked row by row, a monitor's exact insurance number or date of birth read all
 * 100,000 patients to match none (20-30 ms).
 */
function personalField(personal: RawBuilder<SqlBool>, reach: PersonalDataReach, column: string, sortKey = column): Pick<ListField, 'column' | 'sortKey' | 'notNull'> {
  if (reach === 'all') return { column, sortKey, notNull: column !== 'patients.insurance_number' };
  if (reach === 'none') return { column: sql<string | null>`null`, sortKey: null };
  return { column: masked(personal, column), sortKey: masked(personal, sortKey) };
}

function numberContains(dialect: DatabaseDialect, value: string): RawBuilder<SqlBool> | undefined {
  const term = trigramTerm(dialect, value);
  return term === undefined ? undefined : trigramMatchesSql(PATIENT_NUMBERS, 'patients.id', term);
}

/**
 * The list's fields. Names sort and search without accents and case (patients.name_folded: "Ábel"
 * sorts among the A's); insurance numbers match with or without spaces and dashes.
 */
export function patientFields(personal: RawBuilder<SqlBool>, reach: PersonalDataReach = 'some'): ListFieldMap {
  return {
    name: { ...personalField(personal, reach, 'patients.name', 'patients.name_folded'), type: 'text', folded: { column: 'patients.name_folded', fold: foldSearchText, shownWhen: personal } },
    insuranceNumber: { ...personalField(personal, reach, 'patients.insurance_number'), type: 'text', normalize: normalizeInsuranceNumber },
    dob: { ...personalField(personal, reach, 'patients.dob'), type: 'text' },
    // Sorted by patients_number_folded_idx; searched through the number trigrams (migrations 0026, 0027).
    internalPatientNumber: { column: 'patients.internal_patient_number', notNull: true, type: 'text', indexedContains: numberContains },
    registryPatientNumber: { column: 'patients.registry_patient_number', type: 'text' },
    gender: { column: 'patients.gender', type: 'text' },
    registryId: { column: 'patients.registry_id', type: 'text' },
    instituteId: { column: 'patients.institute_id', type: 'text' },
    createdAt: { column: 'patients.created_at', type: 'date', notNull: true },
  };
}

function baseQuery(db: Kysely<Database>, personal: RawBuilder<SqlBool>) {
  return db
    .selectFrom('patients')
    .innerJoin('registries', 'registries.id', 'patients.registry_id')
    .innerJoin('institutes', 'institutes.id', 'patients.institute_id')
    .select([
      'patients.id',
      'patients.internal_patient_number',
      'patients.registry_patient_number',
      'patients.gender',
      'patients.country',
      'patients.registry_id',
      'patients.institute_id',
      'patients.created_at',
      'registries.short_name as registry_short_name',
      'institutes.short_name as institute_short_name',
      'institutes.name as institute_name',
      masked(personal, 'patients.name').as('name'),
      masked(personal, 'patients.insurance_number').as('insurance_number'),
      masked(personal, 'patients.dob').as('dob'),
      sql<number>`case when ${personal} then 1 else 0 end`.as('personal'),
      'patients.attendance_count',
      'patients.institute_count',
      // A real count of the patient's live samples (bio_samples_patient_idx); only ever for one page of patients.
      sql<number | string>`(select count(*) from bio_samples bs where bs.patient_id = patients.id and bs.deleted_at is null)`.as('bio_sample_count'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toPatient(row: Row): Patient {
  return {
    id: row.id,
    internalPatientNumber: row.internal_patient_number,
    registryPatientNumber: row.registry_patient_number,
    insuranceNumber: row.insurance_number,
    name: row.name,
    dob: row.dob,
    gender: row.gender,
    country: row.country,
    registry: { id: row.registry_id, shortName: row.registry_short_name },
    institute: { id: row.institute_id, shortName: row.institute_short_name, name: row.institute_name },
    // A patient always belongs to one institute; attendances may add others.
    instituteCount: Math.max(1, Number(row.institute_count)),
    attendanceCount: Number(row.attendance_count),
    bioSampleCount: Number(row.bio_sample_count),
    createdAt: row.created_at,
    personalDataHidden: !Number(row.personal),
  };
}

export interface PatientListScope {
  visible: RawBuilder<SqlBool>;
  personal: RawBuilder<SqlBool>;
  personalReach: PersonalDataReach;
  /** reg_access scopes as registry/institute pairs, when none reaches patients through a physician only. */
  countable?: RawBuilder<SqlBool>;
  instituteId?: string;
  /** reg_access everywhere: `visible` holds for every patient. */
  seesAll?: boolean;
  /** `visible` as (registry, institute) pairs, when it is one (registryInstitutePairs). */
  pairs?: RegistryInstitutePair[];
}

/** The filters patient_counts can answer: it holds only the scope columns. */
const COUNTER_FIELDS: ListFieldMap = {
  registryId: { column: 'patient_counts.registry_id', type: 'text' },
  instituteId: { column: 'patient_counts.institute_id', type: 'text' },
};
/**
 * patient_gender_counts (migration 0031) holds the gender too. Any filter of the gender alone holds
 * for all or none of a counter row's patients, so every operator sums the right rows.
 */
const GENDER_COUNTER_FIELDS: ListFieldMap = { ...COUNTER_FIELDS, gender: { column: 'patient_counts.gender', type: 'text' } };

/** The exact total summed from patient_counts (or per gender), or undefined where the scopes or filters need the rows counted. */
function counterTotalQuery(db: Kysely<Database>, dialect: DatabaseDialect, query: ListQuery, scope: PatientListScope) {
  const byGender = query.filter.some((clause) => clause.field === 'gender');
  const fields = byGender ? GENDER_COUNTER_FIELDS : COUNTER_FIELDS;
  if (!scope.countable || !query.filter.every((clause) => clause.field in fields)) return undefined;
  // The gender counter goes by the name of patient_counts: the scope condition names its columns.
  const counter = byGender ? db.selectFrom('patient_gender_counts as patient_counts') : db.selectFrom('patient_counts');
  let counted = counter.select(sql<number | string | null>`sum(patient_counts.n)`.as('total')).where(scope.countable);
  if (scope.instituteId) counted = counted.where('patient_counts.institute_id', '=', scope.instituteId);
  return applyListFilters(counted, query.filter, fields, dialect);
}

type CounterTotalQuery = NonNullable<ReturnType<typeof counterTotalQuery>>;

async function counterTotal(counter: CounterTotalQuery): Promise<number> {
  return Number((await counter.executeTakeFirst())?.total ?? 0);
}

/** Whether the search's total is the FTS5 index's count of matches: nothing to test on the rows (SQLite). */
function countsFromIndex(search: TrigramSearch | undefined, scope: PatientListScope): search is TrigramSearch {
  return search?.dialect === 'sqlite' && search.rest.length === 0 && scope.seesAll === true && scope.personalReach === 'all' && scope.instituteId === undefined;
}

/** The exact total counted over the patients (filters the counters cannot answer). */
async function countedTotal(db: Kysely<Database>, dialect: DatabaseDialect, query: ListQuery, scope: PatientListScope): Promise<number> {
  // A name search counts the trigram index's matches, not every name.
  const search = await trigramSearch(db, dialect, query);
  if (countsFromIndex(search, scope)) return indexMatchCount(db, search);
  const counted = matchingPatients(db, dialect, query, scope, search).select(sql<number | string>`count(*)`.as('total'));
  const row = await visiblePatients(counted, scope).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The patients the filters match (the filters first: a selective search spares most rows the scope test). */
function matchingPatients(db: Kysely<Database>, dialect: DatabaseDialect, query: ListQuery, scope: PatientListScope, search: TrigramSearch | undefined): SelectQueryBuilder<Database, 'patients', object> {
  const fields = patientFields(scope.personal, scope.personalReach);
  if (!search) {
    const numberTerm = numberMatchesTerm(dialect, query);
    const source = numberTerm === undefined ? db.selectFrom('patients') : numberMatchesSource(db, numberTerm);
    return applyListFilters(source, query.filter, fields, dialect);
  }
  const matching = applyListFilters(patientsSource(db, search), search.rest, fields, dialect);
  // Where the source stands for the name's "contains" clause, a hidden name must still match none:
  // unless the caller sees every visible patient's personal data, when the scope test says it all.
  return scope.personalReach !== 'all' ? matching.where(scope.personal) : matching;
}

function visiblePatients<O>(query: SelectQueryBuilder<Database, 'patients', O>, scope: PatientListScope): SelectQueryBuilder<Database, 'patients', O> {
  const visible = query.where(scope.visible);
  return scope.instituteId ? visible.where('patients.institute_id', '=', scope.instituteId) : visible;
}

/** The page's ids (and the search's total, when it comes with them) by the generic statement. */
async function scopedPage(db: Kysely<Database>, dialect: DatabaseDialect, query: ListQuery, scope: PatientListScope, search: TrigramSearch | undefined, countsMatches: boolean) {
  const fields = patientFields(scope.personal, scope.personalReach);
  const filtered = visiblePatients(matchingPatients(db, dialect, query, scope, search).select('patients.id'), scope);
  const spec = { fields, dialect, tieBreaker: 'patients.id', defaultSort: [{ field: 'createdAt', direction: 'desc' as const }] };
  const { rows, total } = countsMatches
    ? await countedPage(db, dialect, filtered, sortTerms(query.sort, spec), query)
    : { rows: await applyListSort(filtered, query.sort, spec).limit(query.limit).offset(query.offset).execute(), total: undefined };
  return { ids: rows.map((row) => row.id), total };
}

/**
 * One page: the ids first, from the patients table alone (a deep page skips index entries, not
 * joined rows), then the ten rows with their registry and institute.
 */
export async function listPatients(db: Kysely<Database>, dialect: DatabaseDialect, query: ListQuery, scope: PatientListScope): Promise<{ items: Patient[]; total?: number }> {
  const counter = query.statistics ? counterTotalQuery(db, dialect, query, scope) : undefined;
  // On PostgreSQL the first page's rows carry the counters' total, a round trip less (as the status
  // matrix's page carries its heading); a later page learns it first, to answer past the end at once.
  const carried = dialect === 'postgres' && query.offset === 0 ? counter : undefined;
  let counted = counter !== undefined && carried === undefined ? await counterTotal(counter) : undefined;
  if (counted !== undefined && query.offset >= counted) return { items: [], total: counted };
  // A name search takes its page from the trigram index when that holds the sort keys too: a rare
  // name no longer walks the whole name index, a common one sorts its few thousand matches.
  const search = trigramSorts(query) ? await trigramSearch(db, dialect, query) : undefined;
  // Its total comes with the page (countedPage.ts): the matches are read once, not twice;
  // unless the index alone counts them, without reading a row. So does a number's on PostgreSQL.
  const gathersMatches = search === undefined ? numberMatchesTerm(dialect, query) !== undefined : !countsFromIndex(search, scope);
  const countsMatches = query.statistics && counter === undefined && gathersMatches;
  const merged = await mergedScopePage(db, { dialect, query, pairs: scope.pairs, instituteId: scope.instituteId });
  const { ids, total: matches } = merged ? { ids: merged, total: undefined } : await scopedPage(db, dialect, query, scope, search, countsMatches);
  const base = baseQuery(db, scope.personal);
  const read = carried ? base.select(sql<number | string | null>`(${carried})`.as('kept_total')) : base;
  const rows: (Row & { kept_total?: number | string | null })[] = ids.length === 0 ? [] : await read.where('patients.id', 'in', ids).execute();
  // An empty page has no row to carry the total: it is summed on its own then.
  if (carried) counted = rows.length > 0 ? Number(rows[0].kept_total ?? 0) : await counterTotal(carried);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => byId.get(id) ?? []).map(toPatient);
  if (!query.statistics || counted !== undefined) return { items, total: counted };
  if (matches !== undefined) return { items, total: matches };
  // A search that finds a few patients tells its total from its last page, without a second scan.
  const total = lastPageTotal(query, ids.length) ?? (await countedTotal(db, dialect, query, scope));
  return { items, total };
}

export async function findPatientView(db: Kysely<Database>, id: string, personal: RawBuilder<SqlBool>): Promise<Patient | null> {
  const row = await baseQuery(db, personal).where('patients.id', '=', id).executeTakeFirst();
  return row ? toPatient(row) : null;
}

export async function findPatientRecord(db: Kysely<Database>, id: string): Promise<PatientRecord | null> {
  const row = await db.selectFrom('patients').selectAll().where('id', '=', id).executeTakeFirst();
  return row
    ? { id: row.id, registryId: row.registry_id, instituteId: row.institute_id, name: row.name, dob: row.dob, insuranceNumber: row.insurance_number }
    : null;
}

export async function findByInsuranceNumber(db: Kysely<Database>, registryId: string, insuranceNumber: string): Promise<PatientRecord | null> {
  const row = await db.selectFrom('patients').select('id').where('registry_id', '=', registryId).where('insurance_number', '=', insuranceNumber).executeTakeFirst();
  return row ? findPatientRecord(db, row.id) : null;
}

/** Physicians of the patient's attendances (the implicit-access dimension of a patient). */
export async function attendancePhysicians(db: Kysely<Database>, patientId: string): Promise<string[]> {
  const rows = await db.selectFrom('attendances').select('physician_id').distinct().where('patient_id', '=', patientId).execute();
  return rows.map((row) => row.physician_id);
}

export async function internalNumberTaken(db: Kysely<Database>, number: string): Promise<boolean> {
  return Boolean(await db.selectFrom('patients').select('id').where('internal_patient_number', '=', number).executeTakeFirst());
}

export interface NewPatientValues {
  id: string;
  internalPatientNumber: string;
  registryPatientNumber: string | null;
  insuranceNumber: string | null;
  name: string;
  dob: string;
  gender: PatientGender;
  country: string | null;
  registryId: string;
  instituteId: string;
  at: string;
}

export async function insertPatient(db: Kysely<Database>, v: NewPatientValues): Promise<void> {
  await db
    .insertInto('patients')
    .values({
      id: v.id,
      internal_patient_number: v.internalPatientNumber,
      registry_patient_number: v.registryPatientNumber,
      insurance_number: v.insuranceNumber,
      name: v.name,
      name_folded: foldSearchText(v.name),
      dob: v.dob,
      gender: v.gender,
      country: v.country,
      registry_id: v.registryId,
      institute_id: v.instituteId,
      created_at: v.at,
      updated_at: v.at,
    })
    .execute();
}

export interface PatientChanges {
  name?: string;
  insuranceNumber?: string | null;
  dob?: string;
  gender?: PatientGender;
  registryPatientNumber?: string | null;
  country?: string | null;
}

export async function updatePatient(db: Kysely<Database>, id: string, changes: PatientChanges, at: string): Promise<void> {
  await db
    .updateTable('patients')
    .set({
      ...(changes.name !== undefined ? { name: changes.name, name_folded: foldSearchText(changes.name) } : {}),
      ...(changes.insuranceNumber !== undefined ? { insurance_number: changes.insuranceNumber } : {}),
      ...(changes.dob !== undefined ? { dob: changes.dob } : {}),
      ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
      ...(changes.registryPatientNumber !== undefined ? { registry_patient_number: changes.registryPatientNumber } : {}),
      ...(changes.country !== undefined ? { country: changes.country } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** Merge: the attendances move to the other patient (same registry), then this one goes (its bio samples moved first: moveSamplesOnMerge). */
export async function mergePatient(db: Kysely<Database>, fromId: string, intoId: string, at: string): Promise<void> {
  await db.updateTable('attendances').set({ patient_id: intoId, updated_at: at }).where('patient_id', '=', fromId).execute();
  await db.deleteFrom('patients').where('id', '=', fromId).execute();
}

/** Bio samples (deleted ones too: their custody record names the patient) keep a patient from being deleted. */
export async function hasBioSamples(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('bio_samples').select('id').where('patient_id', '=', id).executeTakeFirst()) !== undefined;
}

export async function deletePatient(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('patients').where('id', '=', id).execute();
}
