// ODM ClinicalData of one registry, streamed subject by subject: SubjectData / StudyEventData (one
// per attendance) / FormData / ItemGroupData / ItemData. Each form carries its latest audit record
// and highest approval inline; its whole history and every approval go to the ClinicalData's
// AuditRecords and Signatures, gathered in side files while the subjects stream and copied after.
import { join } from 'node:path';
import { FIELD_TYPES } from '../../../src/domain/forms';
import type { ExportField, ExportFormType } from '../exportCatalog';
import type { ExportContext } from '../exportContext';
import type { ExportFormRow } from '../exportRows';
import { MDV_OID, oid, PERSONAL_ITEMS } from './odmMetadata';
import { approvalsOf, historyOf, subjectPages, type Approval, type HistoryEntry } from './odmRows';
import { element, escapeXml, XmlFile } from './xmlFile';

function odmValue(field: ExportField, value: unknown, separator: string): string | null {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  const type = field.field.type;
  if ((type === FIELD_TYPES.datetime || type === FIELD_TYPES.time) && typeof value === 'string' && /(^|T)\d{2}:\d{2}$/.test(value)) return `${value}:00`;
  if (type === FIELD_TYPES.multipleChoice && Array.isArray(value)) return value.map(String).join(separator);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function locationOf(context: ExportContext, form: ExportFormRow): string {
  return oid.location(context.catalog.institutes.get(form.instituteId)?.shortName ?? form.instituteId);
}

function auditRecord(context: ExportContext, form: ExportFormRow, entry: HistoryEntry, withId: boolean): string {
  const reasons = entry.reasons && entry.reasons !== '[]' && entry.reasons !== '{}' ? ` ${entry.reasons}` : '';
  const level = entry.level !== null ? ` ${entry.level}` : '';
  return element(
    'AuditRecord',
    withId ? { ID: `AR.${entry.id}` } : {},
    element('UserRef', { UserOID: oid.user(entry.userId) }) +
      element('LocationRef', { LocationOID: locationOf(context, form) }) +
      `<DateTimeStamp>${escapeXml(entry.at)}</DateTimeStamp>` +
      `<ReasonForChange>${escapeXml(`${entry.operation}${level}${reasons}`)}</ReasonForChange>` +
      `<SourceID>${escapeXml(form.displayId)}</SourceID>`,
  );
}

function signature(context: ExportContext, form: ExportFormRow, approval: Approval, withId: boolean): string {
  return element(
    'Signature',
    withId ? { ID: `SG.${form.id}.${approval.level}` } : {},
    element('UserRef', { UserOID: oid.user(approval.userId) }) +
      element('LocationRef', { LocationOID: locationOf(context, form) }) +
      element('SignatureRef', { SignatureOID: oid.signature(approval.level) }) +
      `<DateTimeStamp>${escapeXml(approval.at)}</DateTimeStamp>`,
  );
}

function formData(context: ExportContext, formType: ExportFormType, form: ExportFormRow, history: HistoryEntry[], approvals: Approval[]): string {
  const latest = history.at(-1);
  const highest = approvals.at(-1);
  const items = formType.fields
    .map((field) => {
      const value = odmValue(field, form.values[field.id], context.parameters.arraySeparator);
      return value === null ? '' : element('ItemData', { ItemOID: oid.item(formType, field.id), Value: value });
    })
    .join('');
  let groups = element('ItemGroupData', { ItemGroupOID: oid.itemGroup(formType) }, items);
  if (context.parameters.includePersonalData) {
    const personal: Record<(typeof PERSONAL_ITEMS)[number], string | null> = { patientName: form.patientName, patientBirthDate: form.patientBirthDate, insuranceNumber: form.insuranceNumber };
    groups += element(
      'ItemGroupData',
      { ItemGroupOID: oid.personalGroup },
      PERSONAL_ITEMS.map((id) => (personal[id] ? element('ItemData', { ItemOID: oid.personalItem(id), Value: personal[id] }) : '')).join(''),
    );
  }
  const inline = (latest ? auditRecord(context, form, latest, false) : '') + (highest ? signature(context, form, highest, false) : '');
  return element('FormData', { FormOID: oid.form(formType), FormRepeatKey: form.displayId }, inline + groups);
}

/** User id (null: the system) -> name, of every user an audit record or signature names. */
export type OdmUsers = Map<string | null, string>;

/** Writes the ClinicalData element of one registry into `out`, noting the users it names. */
export async function writeClinicalData(context: ExportContext, out: XmlFile, registryId: string, workDir: string, users: OdmUsers): Promise<void> {
  const registry = context.catalog.registries.get(registryId);
  const formTypes = new Map(context.catalog.formTypes.map((t) => [t.id, t]));
  const auditPath = join(workDir, `audit-${registryId}.xml`);
  const signaturesPath = join(workDir, `signatures-${registryId}.xml`);
  const audit = new XmlFile(auditPath);
  const signatures = new XmlFile(signaturesPath);
  try {
    await out.write(`<ClinicalData StudyOID="${escapeXml(oid.study(registry?.shortName ?? registryId))}" MetaDataVersionOID="${MDV_OID}">`);
    for await (const { page, subjects } of subjectPages(context.db, context.parameters, registryId, context.now)) {
      const formIds = subjects.flat().map((f) => f.id);
      const [history, approvals] = await Promise.all([
        historyOf(context.db, context.parameters, page, context.now, formIds),
        approvalsOf(context.db, context.parameters, page, context.now, formIds),
      ]);
      for (const subjectForms of subjects) {
        const exported = subjectForms.filter((f) => formTypes.has(f.formTypeId));
        if (exported.length === 0) continue;
        let xml = `<SubjectData SubjectKey="${escapeXml(exported[0].patientNumber)}">${element('SiteRef', { LocationOID: locationOf(context, exported[0]) })}`;
        let attendance: string | null = null;
        for (const form of exported) {
          if (form.attendanceId !== attendance) {
            if (attendance !== null) xml += '</StudyEventData>';
            attendance = form.attendanceId;
            xml += `<StudyEventData StudyEventOID="${oid.studyEvent}" StudyEventRepeatKey="${escapeXml(form.attendanceDisplayId)}">`;
          }
          const formHistory = history.get(form.id) ?? [];
          const formApprovals = approvals.get(form.id) ?? [];
          xml += formData(context, formTypes.get(form.formTypeId) as ExportFormType, form, formHistory, formApprovals);
          for (const entry of formHistory) {
            users.set(entry.userId, entry.userName);
            await audit.write(auditRecord(context, form, entry, true));
          }
          for (const approval of formApprovals) {
            users.set(approval.userId, approval.userName);
            await signatures.write(signature(context, form, approval, true));
          }
        }
        await out.write(`${xml}</StudyEventData></SubjectData>`);
      }
      await context.advance(subjects.flat().filter((f) => formTypes.has(f.formTypeId)).length);
    }
    await audit.close();
    await signatures.close();
    await out.write('<AuditRecords>');
    await out.append(auditPath);
    await out.write('</AuditRecords><Signatures>');
    await out.append(signaturesPath);
    await out.write('</Signatures></ClinicalData>');
  } finally {
    audit.destroy();
    signatures.destroy();
  }
}
