// A form added to a period after the start form holds the visit start too: when the caller sends
// none, the attendance's start goes into the descriptor's startDatetime header field, in the
// institute's local time (YYYY-MM-DDTHH:mm), exactly as the start form and form-start data hold it.
import type { Kysely } from 'kysely';
import type { FormValues } from '../../src/domain/forms';
import { localParts } from '../attendances/displayIds';
import type { AttendanceRow, Database } from '../db/database';
import { findInstitute } from '../institutes/institutes.repository';
import { descriptorOf } from './forms.access';

/** `timeZone`: the institute's, when the caller holds it already (the import's commit). */
export async function withVisitStart(db: Kysely<Database>, attendance: AttendanceRow, formTypeId: number, descriptorVersion: number, values: FormValues, timeZone?: string): Promise<FormValues> {
  const descriptor = await descriptorOf(db, formTypeId, descriptorVersion);
  const field = descriptor.commonDataFields.find((f) => f.role === 'startDatetime');
  const sent = field ? values[field.id] : undefined;
  if (!field || (sent !== undefined && sent !== null && sent !== '')) return values;
  const zone = timeZone ?? (await findInstitute(db, attendance.institute_id, null))?.timeZone;
  if (zone === undefined) return values;
  return { ...values, [field.id]: localParts(new Date(attendance.start_date_time), zone).local };
}
