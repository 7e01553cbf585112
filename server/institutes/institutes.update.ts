// PUT /institutes/{id} (admin): the editable fields of spec §3. A new time zone or short name
// changes what the display ids of the institute's attendances and forms are made of, so they are
// regenerated in the same transaction (spec §5: "Changing an institute's time zone regenerates the
// identifiers of its forms"), each changed form with a system_update entry in its record.
import { isValidEmail } from '../../src/domain/auth/email';
import { logEvent } from '../appLog/appLog.repository';
import { actorLogFields } from '../forms/history';
import { regenerateDisplayIds, type RegeneratedCounts } from '../attendances/displayIds';
import type { InstituteRow } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import type { FieldError } from '../errors/apiError';
import type { WriteDeps } from '../forms/forms.lifecycle';
import { nowIso } from '../util/time';
import { lockInstituteRow, shortNameTaken, updateInstituteRow, type InstituteChanges } from './institutes.repository';
import { instituteInputError, instituteNotFound } from './institutes.service';

export interface InstituteInput {
  name: string;
  shortName: string;
  timeZone: string;
  nameHu?: string | null;
  nameEn?: string | null;
  country?: string | null;
  city?: string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  notes?: string | null;
  postCode?: string | null;
  region?: string | null;
  address?: string | null;
  lat?: number | null;
  lon?: number | null;
}

// Area/Location names; offsets ("+01:00") and abbreviations with digits are not IANA zones here.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The canonical name of an IANA time zone the runtime knows (`europe/budapest` → `Europe/Budapest`), or null. */
export function canonicalTimeZone(zone: string): string | null {
  if (!IANA_NAME.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Optional texts: '' and blanks are stored as null, so "cleared" has one spelling. */
const text = (value: string | null | undefined): string | null | undefined => (typeof value === 'string' ? value.trim() || null : value);

export function changesOf(input: InstituteInput, timeZone: string): InstituteChanges {
  return {
    name: input.name.trim(),
    short_name: input.shortName,
    time_zone: timeZone,
    name_hu: text(input.nameHu),
    name_en: text(input.nameEn),
    country: text(input.country),
    city: text(input.city),
    contact_name: text(input.contactName),
    contact_email: text(input.contactEmail),
    contact_phone: text(input.contactPhone),
    notes: text(input.notes),
    post_code: text(input.postCode),
    region: text(input.region),
    address: text(input.address),
    lat: input.lat,
    lon: input.lon,
  };
}

/** The checks the schema cannot make: a time zone the runtime knows, a valid contact e-mail. */
export function checkInstituteInput(input: InstituteInput): { errors: FieldError[]; timeZone: string | null } {
  const errors: FieldError[] = [];
  const timeZone = canonicalTimeZone(input.timeZone);
  if (!timeZone) errors.push({ path: 'timeZone', key: 'api.invalidTimeZone', context: {} });
  const email = text(input.contactEmail);
  if (email && !isValidEmail(email)) errors.push({ path: 'contactEmail', key: 'string.email', context: {} });
  return { errors, timeZone };
}

/** The changed columns, old → new, for the application log. */
function diff(row: InstituteRow, changes: InstituteChanges): Record<string, { old: unknown; new: unknown }> {
  const result: Record<string, { old: unknown; new: unknown }> = {};
  for (const [key, value] of Object.entries(changes)) {
    const old = row[key as keyof InstituteRow];
    if (value !== undefined && value !== old) result[key] = { old, new: value };
  }
  return result;
}

export async function updateInstitute(deps: WriteDeps, id: string, input: InstituteInput, reqId?: string): Promise<RegeneratedCounts> {
  const { errors, timeZone } = checkInstituteInput(input);

  return inTransaction(deps.db, async (trx) => {
    // Locked first: attendance starts at this institute wait, and never get an id of the old settings.
    const row = await lockInstituteRow(trx, deps.dialect, id, 'update');
    if (!row) throw instituteNotFound();
    if (input.shortName !== row.short_name && (await shortNameTaken(trx, input.shortName, id))) {
      errors.push({ path: 'shortName', key: 'api.unique', context: {} });
    }
    if (errors.length > 0 || !timeZone) throw instituteInputError(errors);

    const at = nowIso();
    const changes = changesOf(input, timeZone);
    const changed = diff(row, changes);
    if (Object.keys(changed).length === 0) return { attendances: 0, forms: 0 };
    await updateInstituteRow(trx, id, changes, at);
    const regenerated =
      changed.time_zone || changed.short_name
        ? await regenerateDisplayIds(trx, deps, { id, shortName: input.shortName, timeZone }, at)
        : { attendances: 0, forms: 0 };
    await logEvent(trx, {
      event: 'institute.updated',
      targetType: 'institute',
      targetId: id,
      targetName: input.shortName,
      data: { changes: changed, regenerated },
      ...actorLogFields(deps.actor),
      reqId,
    });
    return regenerated;
  });
}
