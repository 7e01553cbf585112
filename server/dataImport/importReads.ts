// The reads of a new form (forms.lifecycle NewFormReads), remembered for one commit: the
// registry's approval levels and a patient's record fields do not change while the commit's
// transaction holds its rows (imports never write patients), and the display-id number of an
// attendance's next form is counted once, then advanced by the forms this commit creates there
// (every one of them goes through `nextFormNumber`, so the count stays the database's). Only the
// recent attendances and patients are kept; a forgotten count is read again after `beforeCount`
// has written the attendance's pending forms.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { databaseReads, type NewFormReads } from '../forms/forms.lifecycle';
import { patientFieldLinks, patientFieldSources, patientValuesFrom, type PatientFieldLink, type PatientFieldSources } from '../forms/patientFields';
import { RecentMap } from './recentMap';

export interface RememberedReads extends NewFormReads {
  /** An attendance this commit started has no form of the (non-start) type: its next number is 1. */
  startedEmpty(attendanceId: string, formTypeId: number): void;
}

/** `knownPatient`: a patient's columns as the commit has read them already (undefined: read them). */
export function rememberedReads(trx: Kysely<Database>, beforeCount: (attendanceId: string) => Promise<void>, knownPatient?: (patientId: string) => PatientFieldSources | undefined): RememberedReads {
  const direct = databaseReads(trx);
  const levels = new Map<string, number>();
  // A form type's patient-filled fields once per type, a patient's columns once per recent patient.
  const links = new Map<number, PatientFieldLink[]>();
  const patients = new RecentMap<string, PatientFieldSources>();
  const nextNumbers = new RecentMap<string, number>();
  return {
    descriptor: direct.descriptor,
    async requiredLevels(registryId) {
      if (!levels.has(registryId)) levels.set(registryId, await direct.requiredLevels(registryId));
      return levels.get(registryId) ?? 0;
    },
    async patientValues(formTypeId, patientId) {
      let typeLinks = links.get(formTypeId);
      if (!typeLinks) {
        typeLinks = await patientFieldLinks(trx, formTypeId);
        links.set(formTypeId, typeLinks);
      }
      if (typeLinks.length === 0) return {};
      let patient = knownPatient?.(patientId) ?? patients.get(patientId);
      if (patient === undefined) {
        patient = await patientFieldSources(trx, patientId);
        patients.set(patientId, patient);
      }
      return patientValuesFrom(typeLinks, patient);
    },
    async nextFormNumber(attendanceId, formTypeId) {
      const key = `${formTypeId}|${attendanceId}`;
      let next = nextNumbers.get(key);
      if (next === undefined) {
        await beforeCount(attendanceId);
        next = await direct.nextFormNumber(attendanceId, formTypeId);
      }
      nextNumbers.set(key, next + 1);
      return next;
    },
    startedEmpty(attendanceId, formTypeId) {
      nextNumbers.set(`${formTypeId}|${attendanceId}`, 1);
    },
  };
}
