// The import benchmark's world: a 50-field form type in the demo rheumatology registry (ten each of
// integers, decimals, dates, booleans and choices), allowed any number of times in the first
// period, and the CSV of N rows for it: ten forms per new attendance of a demo patient at SZLK.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Kysely } from 'kysely';
import { buildDemoDescriptor, type DemoField, type DemoForm } from '../../src/domain/forms/demo';
import { visitHeader } from '../../src/domain/forms/demo/rheumaCommon';
import { loadDescriptorOrThrow } from '../../src/domain/forms';
import { formatCsvLine } from '../../src/domain/import';
import type { Database } from '../../server/db/database';
import { f } from '../../src/domain/forms/demo/build';

export const BENCH_FORM_TYPE_ID = 900;
export const FIELDS_PER_KIND = 10;
const KINDS = ['int', 'dec', 'date', 'bool', 'choice'] as const;

function fields(): DemoField[] {
  const out: DemoField[] = [];
  for (let i = 1; i <= FIELDS_PER_KIND; i += 1) {
    out.push(f.integer(`int${i}`, [`Egész ${i}`, `Integer ${i}`], { min: 0, max: 1000 }));
    out.push(f.decimal(`dec${i}`, [`Tizedes ${i}`, `Decimal ${i}`], { min: 0, max: 100, precision: 2 }));
    out.push(f.date(`date${i}`, [`Dátum ${i}`, `Date ${i}`], { notInFuture: true }));
    out.push(f.boolean(`bool${i}`, [`Igen/nem ${i}`, `Yes/no ${i}`]));
    out.push(f.single(`choice${i}`, [`Választás ${i}`, `Choice ${i}`], 'grade'));
  }
  return out;
}

export const BENCH_FORM: DemoForm = {
  formTypeId: BENCH_FORM_TYPE_ID,
  version: 1,
  displayId: 'BENCH-IMPORT',
  behaviorType: 'any',
  header: visitHeader(),
  options: { grade: [['a', 'Alacsony', 'Low'], ['b', 'Közepes', 'Medium'], ['c', 'Magas', 'High']] },
  sections: [{ id: 'data', label: ['Adatok', 'Data'], fields: fields() }],
};

export async function addBenchFormType(db: Kysely<Database>, registryId: string): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('form_types')
    .values({
      id: BENCH_FORM_TYPE_ID,
      registry_id: registryId,
      display_id: BENCH_FORM.displayId,
      name_hu: 'Import teszt',
      name_en: 'Import bench',
      short_name: 'Bench',
      locales: 'hu,en',
      behavior_type: 'any',
      start_datetime_field_id: null,
      end_datetime_field_id: null,
      patient_name_field_id: null,
      last_version: 1,
      position: 99,
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const locale of ['hu', 'en'] as const) {
    const descriptor = loadDescriptorOrThrow(buildDemoDescriptor(BENCH_FORM, locale));
    await db.insertInto('form_descriptors').values({ form_type_id: BENCH_FORM_TYPE_ID, version: 1, locale, document: JSON.stringify(descriptor), created_at: at }).execute();
  }
  await db.insertInto('registry_period_form_types').values({ registry_id: registryId, period_index: 0, form_type_id: BENCH_FORM_TYPE_ID, max_per_period: null }).execute();
}

const FORMS_PER_ATTENDANCE = 10;

function valueOf(kind: (typeof KINDS)[number], row: number, i: number): string {
  const n = row * 31 + i * 7;
  switch (kind) {
    case 'int':
      return String(n % 1000);
    case 'dec':
      return `${n % 100},${String(n % 97).padStart(2, '0')}`;
    case 'date':
      return `2025-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
    case 'bool':
      return n % 2 === 0 ? 'yes' : 'no';
    case 'choice':
      return ['a', 'Medium', 'High'][n % 3];
  }
}

/** Writes the CSV of `rows` rows: header, then ten rows per new attendance of the patients in turn. */
export async function writeBenchCsv(path: string, rows: number, patients: readonly string[], physician: string): Promise<void> {
  const out = createWriteStream(path);
  const columns = ['patientNumber', 'institute', 'attendanceStart', 'physician', ...KINDS.flatMap((k) => Array.from({ length: FIELDS_PER_KIND }, (_, i) => `${k}${i + 1}`))];
  out.write(`${formatCsvLine(columns)}\r\n`);
  for (let row = 0; row < rows; row += 1) {
    const visit = Math.floor(row / FORMS_PER_ATTENDANCE);
    // One visit a minute, from 2020 on: a patient's visits never share a start.
    const start = new Date(Date.UTC(2020, 0, 1, 8) + visit * 60_000).toISOString().slice(0, 16);
    const values = KINDS.flatMap((kind) => Array.from({ length: FIELDS_PER_KIND }, (_, i) => valueOf(kind, row, i)));
    const line = `${formatCsvLine([patients[visit % patients.length], 'SZLK', start, physician, ...values])}\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
