// What the biobank screens are built from: sample types, boxes with their occupied positions, the
// registries an institute's biobank works in, and the institute card's summary.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { BIO_SAMPLE_CODES, type PermissionSubject } from '../../src/domain/permissions';
import type { BioSampleBoxRow, BioSampleState, Database } from '../db/database';
import { BIO_SAMPLE_STATES } from '../db/database';
import { isUniqueViolation } from '../db/uniqueViolation';
import type { Locale } from '../i18n/locale';
import { noViewPermission } from '../permissions/permissionErrors';
import { boxNameTaken, boxNotFound } from './bioSampleErrors';
import { mayAny, mayOnSamples, READ_CODES, sampleScopeSql, type BioCode } from './bioSampleScopes';
import type { BioSampleBox } from '../../src/api/bioSamples';

export interface BioSampleTypeView {
  id: string;
  code: string;
  nameHu: string;
  nameEn: string;
  unit: string;
  parameters: unknown[];
  registryIds: string[];
}

/** Sample types, all or those a registry may use, with the registries of each. */
export async function sampleTypes(db: Kysely<Database>, registryId?: string): Promise<BioSampleTypeView[]> {
  let query = db.selectFrom('bio_sample_types').selectAll().orderBy('code');
  if (registryId) query = query.where('id', 'in', db.selectFrom('bio_sample_type_registries').select('bio_sample_type_id').where('registry_id', '=', registryId));
  const rows = await query.execute();
  const links = rows.length === 0 ? [] : await db.selectFrom('bio_sample_type_registries').selectAll().where('bio_sample_type_id', 'in', rows.map((row) => row.id)).orderBy('registry_id').execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    nameHu: row.name_hu,
    nameEn: row.name_en,
    unit: row.unit,
    parameters: JSON.parse(row.parameters) as unknown[],
    registryIds: links.filter((link) => link.bio_sample_type_id === row.id).map((link) => link.registry_id),
  }));
}

/** Readers of some biobank may read the types (configuration, not clinical data). */
export function assertSomeBioReader(subject: PermissionSubject, target: { registryId?: string; instituteId?: string } = {}): void {
  if (!mayAny(subject, [...READ_CODES, 'create_institute_bio_sample', 'create_admin_bio_sample'], target)) throw noViewPermission();
}

export type BoxView = BioSampleBox;

function boxView(row: BioSampleBoxRow & { institute_name: string; used: number | string }): BoxView {
  const rows = Number(row.row_count);
  const columns = Number(row.column_count);
  return { id: row.id, institute: { id: row.institute_id, name: row.institute_name }, fridge: row.fridge, compartment: row.compartment, name: row.name, rows, columns, freePositions: rows * columns - Number(row.used) };
}

function boxQuery(db: Kysely<Database>) {
  return db
    .selectFrom('bio_sample_boxes as b')
    .innerJoin('institutes as i', 'i.id', 'b.institute_id')
    .selectAll('b')
    .select(['i.name as institute_name', sql<number | string>`(select count(*) from bio_samples s where s.box_id = b.id)`.as('used')]);
}

/** Boxes are seen by whoever reads or manages samples at the institute. */
export function assertBoxReader(subject: PermissionSubject, instituteId: string): void {
  if (!mayAny(subject, [...READ_CODES, 'bio_manage'], { instituteId })) throw noViewPermission();
}

export async function instituteBoxes(db: Kysely<Database>, instituteId: string): Promise<BoxView[]> {
  const rows = await boxQuery(db).where('b.institute_id', '=', instituteId).orderBy('b.fridge').orderBy('b.compartment').orderBy('b.name').orderBy('b.id').execute();
  return rows.map(boxView);
}

/** One box with who holds which position (sample numbers only: no patient data). */
export async function oneBox(db: Kysely<Database>, instituteId: string, boxId: string): Promise<BoxView> {
  const row = await boxQuery(db).where('b.id', '=', boxId).where('b.institute_id', '=', instituteId).executeTakeFirst();
  if (!row) throw boxNotFound();
  const held = await db.selectFrom('bio_samples').select(['id', 'sample_number', 'box_row', 'box_column']).where('box_id', '=', boxId).orderBy('box_row').orderBy('box_column').execute();
  return { ...boxView(row), occupied: held.map((s) => ({ row: Number(s.box_row), column: Number(s.box_column), sampleId: s.id, sampleNumber: s.sample_number })) };
}

export interface NewBox {
  fridge: string;
  compartment: string;
  name: string;
  rows: number;
  columns: number;
}

export async function createBox(db: Kysely<Database>, subject: PermissionSubject, instituteId: string, box: NewBox): Promise<BoxView> {
  if (!mayOnSamples(subject, 'bio_manage', { instituteId })) throw noViewPermission();
  const id = randomUUID();
  try {
    await db
      .insertInto('bio_sample_boxes')
      .values({ id, institute_id: instituteId, fridge: box.fridge.trim(), compartment: box.compartment.trim(), name: box.name.trim(), row_count: box.rows, column_count: box.columns, created_at: new Date().toISOString() })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw boxNameTaken();
    throw error;
  }
  return oneBox(db, instituteId, id);
}

/** Registries of the institute where the caller holds some bio code there, with those codes. */
export async function permittedRegistries(db: Kysely<Database>, subject: PermissionSubject, instituteId: string, locale: Locale): Promise<{ id: string; shortName: string; name: string; permissions: string[] }[]> {
  const rows = await db
    .selectFrom('registries as r')
    .innerJoin('registry_institutes as ri', 'ri.registry_id', 'r.id')
    .select(['r.id', 'r.short_name', 'r.name_hu', 'r.name_en'])
    .where('ri.institute_id', '=', instituteId)
    .orderBy('r.short_name')
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      shortName: row.short_name,
      name: locale === 'hu' ? row.name_hu : row.name_en,
      permissions: BIO_SAMPLE_CODES.filter((code) => mayOnSamples(subject, code as BioCode, { registryId: row.id, instituteId })),
    }))
    .filter((row) => row.permissions.length > 0);
}

/** Counts by state and the arrived samples awaiting a position, over the samples the caller reads at the institute. */
export async function instituteSummary(db: Kysely<Database>, subject: PermissionSubject, instituteId: string): Promise<{ counts: Record<BioSampleState, number>; awaitingIds: string[] }> {
  const scope = sampleScopeSql(subject, 'read_institute_bio_sample');
  const rows = await db
    .selectFrom('bio_samples')
    .select(['state', sql<number | string>`count(*)`.as('n')])
    .where('institute_id', '=', instituteId)
    .where('deleted_at', 'is', null)
    .where(scope)
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(BIO_SAMPLE_STATES.map((state) => [state, 0])) as Record<BioSampleState, number>;
  for (const row of rows) counts[row.state] = Number(row.n);
  const awaiting = await db
    .selectFrom('bio_samples')
    .select('id')
    .where('institute_id', '=', instituteId)
    .where('state', '=', 'arrived')
    // A virtual sample holds no material: it never takes a position.
    .where(sql<SqlBool>`not is_virtual`)
    .where('deleted_at', 'is', null)
    .where(scope)
    .orderBy('arrived_to_biobank_at')
    .orderBy('id')
    .limit(10)
    .execute();
  return { counts, awaitingIds: awaiting.map((row) => row.id) };
}
