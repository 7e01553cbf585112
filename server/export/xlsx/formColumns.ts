// The columns of a form in the spreadsheet: the form's identity (id, attendance, patient, scope,
// state, approval level, times), the patient's personal data when asked for, then its fields.
import { fileText, timeZoneOf, type ExportContext } from '../exportContext';
import type { ExportFormType } from '../exportCatalog';
import { fieldCell, instantCell } from '../exportCells';
import type { ExportFormRow } from '../exportRows';
import { excelSerial, type Cell } from './sheetXml';
import type { TableColumn } from './splitTable';

const IDENTITY = ['formId', 'attendanceId', 'patientNumber', 'registry', 'institute', 'state', 'approvalLevel', 'createdAt', 'updatedAt'] as const;
const PERSONAL = ['patientName', 'patientBirthDate', 'insuranceNumber'] as const;

export function identityColumns(context: ExportContext): TableColumn[] {
  const ids = context.parameters.includePersonalData ? [...IDENTITY, ...PERSONAL] : [...IDENTITY];
  return ids.map((id) => ({ id, label: fileText(context, `column.${id}`) }));
}

export function identityCells(context: ExportContext, row: ExportFormRow): Cell[] {
  const timeZone = timeZoneOf(context, row);
  const cells: Cell[] = [
    row.displayId,
    row.attendanceDisplayId,
    row.patientNumber,
    context.catalog.registries.get(row.registryId)?.shortName ?? row.registryId,
    context.catalog.institutes.get(row.instituteId)?.shortName ?? row.instituteId,
    row.state,
    row.approvalLevel,
    instantCell(row.createdAt, timeZone),
    instantCell(row.updatedAt, timeZone),
  ];
  if (context.parameters.includePersonalData) cells.push(...personalCells(row));
  return cells;
}

/** The patient's name, birth date (an Excel date) and insurance number. */
export function personalCells(row: ExportFormRow): Cell[] {
  const [year, month, day] = row.patientBirthDate.split('-').map(Number);
  const birthDate: Cell = year && month && day ? { serial: excelSerial(year, month, day), kind: 'date' } : row.patientBirthDate;
  return [row.patientName, birthDate, row.insuranceNumber];
}

export function fieldColumns(formType: ExportFormType, prefix = ''): TableColumn[] {
  return formType.fields.map((field) => ({ id: `${prefix}${field.id}`, label: field.label }));
}

export function fieldCells(context: ExportContext, formType: ExportFormType, row: ExportFormRow | undefined): Cell[] {
  if (!row) return formType.fields.map(() => null);
  const timeZone = timeZoneOf(context, row);
  return formType.fields.map((field) => fieldCell(field, row.values[field.id], context.parameters, timeZone));
}
