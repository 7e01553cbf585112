// ODM 1.3.2 metadata: one Study per registry with its MetaDataVersion built from the descriptors
// (StudyEventDef, FormDef, ItemGroupDef, ItemDef with data types, CodeList for choices), and the
// AdminData: users, institutes as locations, and the approval levels as signature definitions.
import { EXPORT_LIMITS } from '../../../src/domain/export/exportParameters';
import { FIELD_TYPES } from '../../../src/domain/forms';
import type { ExportField, ExportFormType } from '../exportCatalog';
import { fileText, type ExportContext } from '../exportContext';
import { element, escapeXml, translatedText } from './xmlFile';

export const PERSONAL_ITEMS = ['patientName', 'patientBirthDate', 'insuranceNumber'] as const;
export const MDV_OID = 'MDV.1';

export const oid = {
  study: (registryShortName: string): string => `ST.${registryShortName}`,
  studyEvent: 'SE.ATTENDANCE',
  form: (t: ExportFormType): string => `F.${t.displayId}`,
  itemGroup: (t: ExportFormType): string => `IG.${t.displayId}`,
  personalGroup: 'IG.PERSONAL',
  item: (t: ExportFormType, fieldId: string): string => `I.${t.displayId}.${fieldId}`,
  personalItem: (id: string): string => `I.PERSONAL.${id}`,
  codeList: (t: ExportFormType, options: string): string => `CL.${t.displayId}.${options}`,
  user: (userId: string | null): string => `USR.${userId ?? 'system'}`,
  location: (instituteShortName: string): string => `LOC.${instituteShortName}`,
  signature: (level: number): string => `SD.APPROVAL${level}`,
};

function dataTypeOf(field: ExportField): string {
  switch (field.field.type) {
    case FIELD_TYPES.integer:
      return 'integer';
    case FIELD_TYPES.decimal:
    case FIELD_TYPES.calculated:
      return 'float';
    case FIELD_TYPES.date:
    case FIELD_TYPES.datetime:
    case FIELD_TYPES.time:
    case FIELD_TYPES.boolean:
      return field.field.type;
    default:
      return 'text';
  }
}

function itemDef(context: ExportContext, formType: ExportFormType, field: ExportField): string {
  const question = `<Question>${translatedText(field.label, context.parameters.locale)}</Question>`;
  const codes = field.field.type === FIELD_TYPES.singleChoice ? element('CodeListRef', { CodeListOID: oid.codeList(formType, field.field.options) }) : '';
  return element('ItemDef', { OID: oid.item(formType, field.id), Name: field.id, DataType: dataTypeOf(field) }, question + codes);
}

function codeLists(context: ExportContext, formType: ExportFormType): string {
  const seen = new Set<string>();
  let xml = '';
  for (const field of formType.fields) {
    if (field.field.type !== FIELD_TYPES.singleChoice || seen.has(field.field.options)) continue;
    seen.add(field.field.options);
    const items = (field.descriptor.valueLabelMap[field.field.options] ?? [])
      .map((o) => element('CodeListItem', { CodedValue: o.value }, `<Decode>${translatedText(o.label, context.parameters.locale)}</Decode>`))
      .join('');
    if (items) xml += element('CodeList', { OID: oid.codeList(formType, field.field.options), Name: field.field.options, DataType: 'text' }, items);
  }
  return xml;
}

/** The Study element of one registry and the form types it exports. */
export function studyXml(context: ExportContext, registryId: string, formTypes: ExportFormType[]): string {
  const registry = context.catalog.registries.get(registryId) ?? { shortName: registryId, name: registryId };
  const personal = context.parameters.includePersonalData;
  const globals = `<GlobalVariables><StudyName>${escapeXml(registry.shortName)}</StudyName><StudyDescription>${escapeXml(registry.name)}</StudyDescription><ProtocolName>${escapeXml(registry.shortName)}</ProtocolName></GlobalVariables>`;
  const protocol = `<Protocol>${element('StudyEventRef', { StudyEventOID: oid.studyEvent, Mandatory: 'Yes' })}</Protocol>`;
  const event = element(
    'StudyEventDef',
    { OID: oid.studyEvent, Name: fileText(context, 'column.attendanceId'), Repeating: 'Yes', Type: 'Unscheduled' },
    formTypes.map((t) => element('FormRef', { FormOID: oid.form(t), Mandatory: 'No' })).join(''),
  );
  const forms = formTypes
    .map((t) =>
      element(
        'FormDef',
        { OID: oid.form(t), Name: t.name, Repeating: 'Yes' },
        element('ItemGroupRef', { ItemGroupOID: oid.itemGroup(t), Mandatory: 'Yes' }) + (personal ? element('ItemGroupRef', { ItemGroupOID: oid.personalGroup, Mandatory: 'No' }) : ''),
      ),
    )
    .join('');
  const groups = formTypes
    .map((t) => element('ItemGroupDef', { OID: oid.itemGroup(t), Name: t.name, Repeating: 'No' }, t.fields.map((f) => element('ItemRef', { ItemOID: oid.item(t, f.id), Mandatory: 'No' })).join('')))
    .join('');
  const personalGroup = personal
    ? element('ItemGroupDef', { OID: oid.personalGroup, Name: 'Personal data', Repeating: 'No' }, PERSONAL_ITEMS.map((id) => element('ItemRef', { ItemOID: oid.personalItem(id), Mandatory: 'No' })).join(''))
    : '';
  const personalItems = personal
    ? PERSONAL_ITEMS.map((id) =>
        element(
          'ItemDef',
          { OID: oid.personalItem(id), Name: id, DataType: id === 'patientBirthDate' ? 'date' : 'text' },
          `<Question>${translatedText(fileText(context, `column.${id}`), context.parameters.locale)}</Question>`,
        ),
      ).join('')
    : '';
  const items = formTypes.map((t) => t.fields.map((f) => itemDef(context, t, f)).join('')).join('');
  const lists = formTypes.map((t) => codeLists(context, t)).join('');
  const metadata = element('MetaDataVersion', { OID: MDV_OID, Name: `${registry.shortName} ${context.now.toISOString().slice(0, 10)}` }, protocol + event + forms + groups + personalGroup + items + personalItems + lists);
  return element('Study', { OID: oid.study(registry.shortName) }, globals + metadata);
}

/** AdminData: who appears in the audit trail, the institutes, and what each approval level means. */
export function adminDataXml(context: ExportContext, users: Array<{ id: string | null; name: string }>, studyOids: string[]): string {
  const userXml = users.map((u) => element('User', { OID: oid.user(u.id) }, `<DisplayName>${escapeXml(u.name)}</DisplayName>`)).join('');
  const effective = context.now.toISOString().slice(0, 10);
  const locations = [...context.catalog.institutes.values()]
    .map((i) =>
      element(
        'Location',
        { OID: oid.location(i.shortName), Name: i.name, LocationType: 'Site' },
        studyOids.map((study) => element('MetaDataVersionRef', { StudyOID: study, MetaDataVersionOID: MDV_OID, EffectiveDate: effective })).join(''),
      ),
    )
    .join('');
  const signatures = Array.from({ length: EXPORT_LIMITS.maxApprovalLevel }, (_, i) =>
    element('SignatureDef', { OID: oid.signature(i + 1), Methodology: 'Electronic' }, `<Meaning>${escapeXml(fileText(context, 'odm.approvalMeaning', { level: i + 1 }))}</Meaning><LegalReason>${escapeXml(fileText(context, 'odm.approvalReason', { level: i + 1 }))}</LegalReason>`),
  ).join('');
  return `<AdminData>${userXml}${locations}${signatures}</AdminData>`;
}
