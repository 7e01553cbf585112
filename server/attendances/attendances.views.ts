// The answers of the attendance calls: an attendance with its patient, people, random group (per
// the registry's visibility), its periods holding form summaries, and which of its actions the
// caller may take (the client shows only those buttons; the server checks again).
import type { Kysely } from 'kysely';
import { can, codesAt, type PermissionCode, type PermissionSubject } from '../../src/domain/permissions';
import type { AttendanceRow, Database } from '../db/database';
import { formSummaries, type FormSummary } from '../forms/forms.repository';
import type { Locale } from '../i18n/locale';
import { periodRefusal } from '../forms/periodRules';
import type { Registry } from '../registries/registries.repository';
import { localizedName, registryPeriods, type RegistryPeriod } from '../registries/registryPeriods';
import { periodsOf } from './attendances.repository';
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

function periodViews(subject: PermissionSubject, row: AttendanceRow, registry: Pick<Registry, 'attendancePeriodNameHu' | 'attendancePeriodNameEn'>, defined: RegistryPeriod[], periods: { id: string; index: number }[], own: (FormSummary & { periodId: string })[], locale: Locale): PeriodView[] {
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

/** What an attendance's answer shows of its patient, institute, registry and people. */
interface AttendanceContext {
  patientNumber: string;
  patientName: string;
  patientRegistryId: string;
  patientInstituteId: string;
  instituteShortName: string;
  registry: Pick<Registry, 'shortName' | 'registryType' | 'hasInpatientDay' | 'randomGroupVisibility' | 'attendancePeriodNameHu' | 'attendancePeriodNameEn'>;
  physicianName: string;
  ownerName: string;
  disqualifiedByName: string;
}

/** One statement for all of them: the lookups of a page of attendances joined, not read one by one. */
async function attendanceContexts(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, AttendanceContext>> {
  const rows = await db
    .selectFrom('attendances')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .innerJoin('institutes', 'institutes.id', 'attendances.institute_id')
    .innerJoin('registries', 'registries.id', 'attendances.registry_id')
    .leftJoin('users as physician', 'physician.id', 'attendances.physician_id')
    .leftJoin('users as owner', 'owner.id', 'attendances.owner_id')
    .leftJoin('users as disqualifier', 'disqualifier.id', 'attendances.disqualified_by')
    .select([
      'attendances.id',
      'patients.internal_patient_number',
      'patients.name as patient_name',
      'patients.registry_id as patient_registry_id',
      'patients.institute_id as patient_institute_id',
      'institutes.short_name as institute_short_name',
      'registries.short_name as registry_short_name',
      'registries.registry_type',
      'registries.has_inpatient_day',
      'registries.random_group_visibility',
      'registries.attendance_period_name_hu',
      'registries.attendance_period_name_en',
      'physician.name as physician_name',
      'owner.name as owner_name',
      'disqualifier.name as disqualified_by_name',
    ])
    .where('attendances.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        patientNumber: row.internal_patient_number,
        patientName: row.patient_name,
        patientRegistryId: row.patient_registry_id,
        patientInstituteId: row.patient_institute_id,
        instituteShortName: row.institute_short_name,
        registry: {
          shortName: row.registry_short_name,
          registryType: row.registry_type,
          hasInpatientDay: Boolean(row.has_inpatient_day),
          randomGroupVisibility: row.random_group_visibility,
          attendancePeriodNameHu: row.attendance_period_name_hu,
          attendancePeriodNameEn: row.attendance_period_name_en,
        },
        physicianName: row.physician_name ?? '',
        ownerName: row.owner_name ?? '',
        disqualifiedByName: row.disqualified_by_name ?? '',
      },
    ]),
  );
}

export async function attendanceViews(db: Kysely<Database>, subject: PermissionSubject, rows: AttendanceRow[], locale: Locale) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [periods, forms, contexts, defined] = await Promise.all([
    periodsOf(db, ids),
    formSummaries(db, { attendanceIds: ids }, locale),
    attendanceContexts(db, ids),
    registryPeriods(db, rows.map((row) => row.registry_id), locale),
  ]);
  return rows.map((row) => {
    const context = contexts.get(row.id) as AttendanceContext;
    const { registry } = context;
    const personal = can(subject, 'personal_data_access', { registryId: context.patientRegistryId, instituteId: context.patientInstituteId });
    const own = forms.filter((form) => form.attendanceId === row.id);
    return {
      id: row.id,
      displayId: row.display_id,
      legacyDisplayId: row.legacy_display_id,
      state: row.state,
      patient: { id: row.patient_id, internalPatientNumber: context.patientNumber, name: personal ? context.patientName : null },
      registry: { id: row.registry_id, shortName: registry.shortName, registryType: registry.registryType, hasInpatientDay: registry.hasInpatientDay },
      institute: { id: row.institute_id, shortName: context.instituteShortName },
      physician: { id: row.physician_id, name: context.physicianName },
      owner: { id: row.owner_id, name: context.ownerName },
      startDateTime: row.start_date_time,
      endDateTime: row.end_date_time,
      completed: Boolean(row.completed),
      inpatientDays: JSON.parse(row.inpatient_days) as { from: string; to: string }[],
      randomGroup: seesRandomGroup(subject, registry, row) ? row.random_group : null,
      formId: own[0]?.id ?? null,
      createdAt: row.created_at,
      permissions: codesAt(subject, attendanceTarget(row), ATTENDANCE_ACTION_CODES),
      disqualification: row.disqualified_at
        ? { at: row.disqualified_at, by: { id: row.disqualified_by ?? '', name: context.disqualifiedByName }, reason: row.disqualification_reason ?? '' }
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
