// The answers of the attendance calls: an attendance with its patient, people, random group (per
// the registry's visibility), its periods holding form summaries, and which of its actions the
// caller may take (the client shows only those buttons; the server checks again).
import type { Kysely } from 'kysely';
import { can, codesAt, type PermissionCode, type PermissionSubject } from '../../src/domain/permissions';
import type { AttendanceRow, Database } from '../db/database';
import { formSummaries, type FormSummary } from '../forms/forms.repository';
import type { Locale } from '../i18n/locale';
import { periodRefusal } from '../forms/periodRules';
import { findRegistry, type Registry } from '../registries/registries.repository';
import { localizedName, registryPeriods, type RegistryPeriod } from '../registries/registryPeriods';
import { periodsOf, userNames } from './attendances.repository';
import { attendanceTarget, seesRandomGroup } from './attendances.service';

/** A form type a period allows, and whether the caller may add one now ("Add form" offers those). */
export interface PeriodOffer {
  formTypeId: number;
  displayId: string;
  name: string;
  maxPerPeriod: number | null;
  count: number;
  addable: boolean;
}

export interface PeriodView {
  id: string;
  index: number;
  name: { hu: string; en: string };
  displayName: string;
  forms: FormSummary[];
  formTypes: PeriodOffer[];
}

/** The codes of the attendance list's actions: header edits, the approval reset, disqualification. */
export const ATTENDANCE_ACTION_CODES: readonly PermissionCode[] = ['frm_edit', 'frm_reset_approval', 'att_disqualify'];

/** A period the registry does not (or no longer) define keeps a generic name: "Treatment period 2". */
function fallbackName(registry: Pick<Registry, 'attendancePeriodNameHu' | 'attendancePeriodNameEn'>, index: number): { hu: string; en: string } {
  return { hu: `${registry.attendancePeriodNameHu ?? 'Szakasz'} ${index + 1}`, en: `${registry.attendancePeriodNameEn ?? 'Period'} ${index + 1}` };
}

function periodViews(subject: PermissionSubject, row: AttendanceRow, registry: Registry, defined: RegistryPeriod[], periods: { id: string; index: number }[], own: (FormSummary & { periodId: string })[], locale: Locale): PeriodView[] {
  const target = attendanceTarget(row);
  return periods.map((period) => {
    const definition = defined.find((d) => d.index === period.index);
    const name = definition?.name ?? fallbackName(registry, period.index);
    const forms = own.filter((form) => form.periodId === period.id);
    const formTypes = (definition?.formTypes ?? []).map((type) => {
      const count = forms.filter((form) => form.formTypeId === type.formTypeId).length;
      const refusal = periodRefusal({
        disqualified: row.state === 'disqualified',
        rule: { maxPerPeriod: type.maxPerPeriod },
        behaviorType: type.behaviorType,
        liveInPeriod: count,
        liveInAttendance: own.filter((form) => form.formTypeId === type.formTypeId).length,
      });
      const addable = refusal === null && can(subject, 'frm_create', { ...target, formTypeId: type.formTypeId });
      return { formTypeId: type.formTypeId, displayId: type.displayId, name: type.name, maxPerPeriod: type.maxPerPeriod, count, addable };
    });
    return { id: period.id, index: period.index, name, displayName: localizedName(name, locale), forms, formTypes };
  });
}

export async function attendanceViews(db: Kysely<Database>, subject: PermissionSubject, rows: AttendanceRow[], locale: Locale) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [periods, forms, names, defined] = await Promise.all([
    periodsOf(db, ids),
    formSummaries(db, { attendanceIds: ids }, locale),
    userNames(db, rows.flatMap((row) => [row.physician_id, row.owner_id, row.disqualified_by ?? ''])),
    registryPeriods(db, rows.map((row) => row.registry_id), locale),
  ]);
  const registries = new Map<string, Registry>();
  for (const id of new Set(rows.map((row) => row.registry_id))) {
    const registry = await findRegistry(db, id, locale);
    if (registry) registries.set(id, registry);
  }
  const patients = await db
    .selectFrom('patients')
    .innerJoin('institutes', 'institutes.id', 'patients.institute_id')
    .select(['patients.id', 'patients.internal_patient_number', 'patients.name', 'patients.registry_id', 'patients.institute_id'])
    .where('patients.id', 'in', [...new Set(rows.map((row) => row.patient_id))])
    .execute();
  const institutes = await db.selectFrom('institutes').select(['id', 'short_name']).where('id', 'in', [...new Set(rows.map((row) => row.institute_id))]).execute();
  return rows.map((row) => {
    const registry = registries.get(row.registry_id) as Registry;
    const patient = patients.find((p) => p.id === row.patient_id);
    const personal = patient ? can(subject, 'personal_data_access', { registryId: patient.registry_id, instituteId: patient.institute_id }) : false;
    const own = forms.filter((form) => form.attendanceId === row.id);
    return {
      id: row.id,
      displayId: row.display_id,
      legacyDisplayId: row.legacy_display_id,
      state: row.state,
      patient: { id: row.patient_id, internalPatientNumber: patient?.internal_patient_number ?? '', name: personal ? (patient?.name ?? null) : null },
      registry: { id: row.registry_id, shortName: registry.shortName, registryType: registry.registryType, hasInpatientDay: registry.hasInpatientDay },
      institute: { id: row.institute_id, shortName: institutes.find((i) => i.id === row.institute_id)?.short_name ?? '' },
      physician: { id: row.physician_id, name: names.get(row.physician_id) ?? '' },
      owner: { id: row.owner_id, name: names.get(row.owner_id) ?? '' },
      startDateTime: row.start_date_time,
      endDateTime: row.end_date_time,
      completed: Boolean(row.completed),
      inpatientDays: JSON.parse(row.inpatient_days) as { from: string; to: string }[],
      randomGroup: seesRandomGroup(subject, registry, row) ? row.random_group : null,
      formId: own[0]?.id ?? null,
      createdAt: row.created_at,
      permissions: codesAt(subject, attendanceTarget(row), ATTENDANCE_ACTION_CODES),
      disqualification: row.disqualified_at
        ? { at: row.disqualified_at, by: { id: row.disqualified_by ?? '', name: names.get(row.disqualified_by ?? '') ?? '' }, reason: row.disqualification_reason ?? '' }
        : null,
      periods: periodViews(
        subject,
        row,
        registry,
        defined.filter((d) => d.registryId === row.registry_id),
        periods.filter((period) => period.attendanceId === row.id),
        own,
        locale,
      ),
    };
  });
}
