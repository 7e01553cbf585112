// The patients an import file names, read a chunk of rows at a time: before the rows of a CSV chunk
// (a few hundred) are checked, the patients they name and that are not known yet are read in one
// statement, with every column the later steps need (the resolver's institute check, the visibility
// check of a visit start, a form's patient-filled fields). That replaces up to three reads per
// patient. Only the recent patients are kept (RecentMap): a forgotten one is read again.
import type { Kysely } from 'kysely';
import { normalizeInsuranceNumber } from '../../src/domain/patients/insuranceNumber';
import type { Database, PatientsTable } from '../db/database';
import type { PatientRecord } from '../patients/patients.repository';
import { RecentMap } from './recentMap';

/** A patient as the import uses it: the record a visit start checks, and the sex a form may repeat. */
export interface ImportPatient extends PatientRecord {
  gender: PatientsTable['gender'];
}

/** How a row names its patient: the internal number, else the insurance number. */
export interface PatientKeys {
  patientNumber: string | null;
  insuranceNumber: string | null;
}

export interface ImportPatients {
  /** Reads the patients these rows name that are not known yet (one statement per 500 keys). */
  prefetch(rows: readonly PatientKeys[]): Promise<void>;
  /** The registry's patient the keys name; null when there is none. */
  find(keys: PatientKeys): Promise<ImportPatient | null>;
  /** A patient found recently, by id (undefined: not kept, read it from the database). */
  known(id: string): ImportPatient | undefined;
}

/** Keys per IN list: well under either database's parameter limit. */
const IN_LIST = 500;

const keyOf = (keys: PatientKeys): string => (keys.patientNumber !== null ? `n:${keys.patientNumber}` : `i:${normalizeInsuranceNumber(keys.insuranceNumber ?? '')}`);

export function importPatients(db: Kysely<Database>, registryId: string): ImportPatients {
  // Several thousand: more than one chunk names, so a chunk's patients are still kept when its rows run.
  const byKey = new RecentMap<string, ImportPatient | null>(5000);
  const byId = new RecentMap<string, ImportPatient>(5000);

  const query = () =>
    db
      .selectFrom('patients')
      .select(['id', 'registry_id', 'institute_id', 'name', 'dob', 'gender', 'insurance_number', 'internal_patient_number'])
      .where('registry_id', '=', registryId);
  type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

  function keep(key: string, row: Row | undefined): ImportPatient | null {
    const patient = row
      ? { id: row.id, registryId: row.registry_id, instituteId: row.institute_id, name: row.name, dob: row.dob, insuranceNumber: row.insurance_number, gender: row.gender }
      : null;
    byKey.set(key, patient);
    if (patient) byId.set(patient.id, patient);
    return patient;
  }

  async function readMany(column: 'internal_patient_number' | 'insurance_number', prefix: string, values: string[]): Promise<void> {
    for (let at = 0; at < values.length; at += IN_LIST) {
      const part = values.slice(at, at + IN_LIST);
      const rows = await query().where(column, 'in', part).execute();
      const found = new Map<string, Row>();
      // The first row per key, as a single read's executeTakeFirst would take.
      for (const row of rows) if (!found.has(row[column] ?? '')) found.set(row[column] ?? '', row);
      // A key the file names that matches nobody is kept too (null): its rows are errors, not reads.
      for (const value of part) keep(`${prefix}${value}`, found.get(value));
    }
  }

  return {
    async prefetch(rows) {
      const numbers = new Set<string>();
      const insurance = new Set<string>();
      for (const keys of rows) {
        if (keys.patientNumber === null && keys.insuranceNumber === null) continue;
        const key = keyOf(keys);
        if (byKey.get(key) !== undefined) continue;
        if (keys.patientNumber !== null) numbers.add(keys.patientNumber);
        else insurance.add(key.slice(2));
      }
      await readMany('internal_patient_number', 'n:', [...numbers]);
      await readMany('insurance_number', 'i:', [...insurance]);
    },
    async find(keys) {
      const key = keyOf(keys);
      const kept = byKey.get(key);
      if (kept !== undefined) return kept;
      const row = keys.patientNumber !== null
        ? await query().where('internal_patient_number', '=', keys.patientNumber).executeTakeFirst()
        : await query().where('insurance_number', '=', key.slice(2)).executeTakeFirst();
      return keep(key, row);
    },
    known: (id) => byId.get(id),
  };
}
