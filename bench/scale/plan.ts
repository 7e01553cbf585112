// What grown patient number n gets: a placement (registry, institute, physician), 2 to 4
// attendances copied from the demo attendances of that registry, every period, the template's
// forms plus 0 to 4 extra adverse events, all moved back in time by the patient's shift.
import type { FormValues } from '../../src/domain/forms';
import { insuranceCheckDigit } from '../../src/domain/patients';
import { cloneRecord, createValueCache, shiftDate, type GrownPatient } from './formClone';
import type { IdSource } from './ids';
import type { ChunkRows } from './rows';
import { sequenceKey, type Placement, type TemplateAttendance, type TemplateForm, type Templates } from './templates';

const FAMILY = ['Nagy', 'Kovács', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss', 'Molnár', 'Németh', 'Farkas', 'Balogh', 'Papp', 'Takács', 'Juhász', 'Lakatos', 'Mészáros', 'Oláh', 'Simon', 'Rácz', 'Fekete'];
const GIVEN = ['Anna', 'Éva', 'Katalin', 'Zsófia', 'Ildikó', 'Erzsébet', 'Márta', 'Judit', 'Ágnes', 'Piroska', 'László', 'István', 'József', 'Zoltán', 'Gábor', 'Péter', 'Ferenc', 'Attila', 'Ödön', 'Béla'];
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface PlanContext {
  templates: Templates;
  recordKey: Buffer;
  ids: IdSource;
  valuesFor: ReturnType<typeof createValueCache>;
}

export function createPlanContext(templates: Templates, recordKey: Buffer, ids: IdSource): PlanContext {
  return { templates, recordKey, ids, valuesFor: createValueCache(templates) };
}

function grownPatient(context: PlanContext, n: number): GrownPatient {
  const profiles = context.templates.profiles;
  const profile = n % profiles.length;
  // 400 shifts of 3 days: starts spread over ~3.3 years, and few enough for the value cache.
  const shift = 3 * ((n * 37) % 400);
  return { id: context.ids.next(), dob: shiftDate(profiles[profile].dob, shift), gender: profiles[profile].gender, shift, profile };
}

/** Template ids replaced by the grown ones in the header fields (patient, physician). */
function withIds(values: FormValues, replace: ReadonlyMap<unknown, string>): FormValues {
  const out: FormValues = {};
  for (const [key, value] of Object.entries(values)) out[key] = replace.get(value) ?? value;
  return out;
}

interface AttendanceContext {
  placement: Placement;
  patient: GrownPatient;
  template: TemplateAttendance;
  attendanceId: string;
  displayId: string;
  periodIds: Map<number, string>;
  startMs: number;
}

function addForm(context: PlanContext, rows: ChunkRows, a: AttendanceContext, form: TemplateForm, periodIndex: number, number: number, formIndex: number): void {
  const formId = context.ids.next();
  const replace = new Map<unknown, string>([
    [a.template.row.patient_id, a.patient.id],
    [a.template.row.physician_id, a.placement.physicianId],
  ]);
  const values = withIds(context.valuesFor(form, a.patient), replace);
  // Each form's record starts an hour after the previous form's; its entries a minute apart.
  const at = (position: number): string => new Date(a.startMs + (formIndex + 1) * 60 * MINUTE_MS + position * MINUTE_MS).toISOString();
  const record = cloneRecord({ formId, template: form, values, owner: { id: a.placement.physicianId, name: a.placement.physicianName }, at, recordKey: context.recordKey, nextId: () => context.ids.next() });
  const created = record.entries[0].at;
  const updated = record.entries[record.entries.length - 1].at;
  const f = form.row;
  rows.forms.push([
    formId, a.attendanceId, a.periodIds.get(periodIndex) as string, Number(f.form_type_id), Number(f.descriptor_version), a.placement.registryId, a.placement.instituteId,
    a.placement.physicianId, `${a.displayId}-${form.formTypeDisplayId}-${number}`, f.state, Number(f.approval_level), JSON.stringify(values), f.reviews, Number(f.version),
    created, updated, null, record.anchor.count, record.anchor.head, record.anchor.seal,
  ]);
  for (const approval of form.approvals) {
    const entry = record.entries.find((e) => e.operation === 'approve' && e.level === approval.level) ?? record.entries[record.entries.length - 1];
    rows.form_approvals.push([formId, approval.level, approval.userId, approval.userName, entry.at]);
  }
  for (const e of record.entries) {
    rows.form_history.push([e.id, formId, e.position, e.at, e.userId, e.userName, null, e.operation, e.level, JSON.stringify(e.changes), JSON.stringify(e.reasons), JSON.stringify(e.notes), e.previousHash, e.hash, e.mac]);
  }
}

function addAttendance(context: PlanContext, rows: ChunkRows, placement: Placement, patient: GrownPatient, template: TemplateAttendance, extraForms: number): void {
  const t = template.row;
  const startMs = Date.parse(t.start_date_time) - patient.shift * DAY_MS;
  const start = new Date(startMs).toISOString();
  const dayKey = start.slice(0, 10).replaceAll('-', '');
  const key = sequenceKey(placement.instituteId, placement.registryId, dayKey);
  const sequence = (context.templates.sequences.get(key) ?? 0) + 1;
  context.templates.sequences.set(key, sequence);
  const attendanceId = context.ids.next();
  const displayId = `${placement.instituteShortName}-${placement.registryShortName}-${dayKey}-${sequence}`;
  const shifted = (value: string | null): string | null => (value === null ? null : new Date(Date.parse(value) - patient.shift * DAY_MS).toISOString());
  rows.attendances.push([
    attendanceId, patient.id, placement.registryId, placement.instituteId, placement.physicianId, placement.physicianId, t.state, start, shifted(t.end_date_time),
    Boolean(t.completed), t.inpatient_days, t.random_group, displayId, null, dayKey, sequence, start, start,
    shifted(t.disqualified_at), t.disqualified_by, t.disqualification_reason,
  ]);
  const periodIds = new Map<number, string>();
  for (const index of template.periodIndexes) {
    const id = context.ids.next();
    periodIds.set(index, id);
    rows.attendance_periods.push([id, attendanceId, index, start]);
  }
  const a: AttendanceContext = { placement, patient, template, attendanceId, displayId, periodIds, startMs };
  const numbers = new Map<string, number>();
  const nextNumber = (form: TemplateForm): number => {
    const number = (numbers.get(form.formTypeDisplayId) ?? 0) + 1;
    numbers.set(form.formTypeDisplayId, number);
    return number;
  };
  template.forms.forEach((form, index) => addForm(context, rows, a, form, form.periodIndex, nextNumber(form), index));
  const repeatable = context.templates.repeatableByRegistry.get(placement.registryId) ?? [];
  const laterPeriods = template.periodIndexes.filter((index) => index > 0);
  if (repeatable.length === 0 || laterPeriods.length === 0) return;
  for (let k = 0; k < extraForms; k += 1) {
    const form = repeatable[k % repeatable.length];
    addForm(context, rows, a, form, laterPeriods[k % laterPeriods.length], nextNumber(form), template.forms.length + k);
  }
}

/** Appends grown patient number n (0-based) and everything under it to the chunk's rows. */
export function addPatient(context: PlanContext, rows: ChunkRows, n: number): void {
  const { placements, attendancesByRegistry } = context.templates;
  const placement = placements[n % placements.length];
  const patient = grownPatient(context, n);
  const serial = String(n + 1).padStart(7, '0');
  const stem = String(30_000_000 + n);
  const created = new Date(Date.parse('2026-01-01T07:00:00Z') - patient.shift * DAY_MS).toISOString();
  const name = `${FAMILY[n % FAMILY.length]} ${GIVEN[Math.floor(n / FAMILY.length) % GIVEN.length]}`;
  rows.patients.push([
    patient.id, `${placement.instituteShortName}-G${serial}`, null, `${stem}${insuranceCheckDigit(stem)}`, name, patient.dob, patient.gender, 'HU',
    placement.registryId, placement.instituteId, created, created,
  ]);
  const templates = attendancesByRegistry.get(placement.registryId) ?? [];
  const visits = 2 + (n % 3);
  for (let v = 0; v < visits; v += 1) {
    const template = templates[(n * 3 + v) % templates.length];
    addAttendance(context, rows, placement, patient, template, (n + v) % 5);
  }
}
