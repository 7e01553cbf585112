// The CDISC ODM 1.3.2 file of an export (plain schema, no vendor extensions): one Study per
// registry, the AdminData, then one ClinicalData per registry, streamed into `targetPath`.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ExportContext } from '../exportContext';
import { adminDataXml, oid, studyXml } from './odmMetadata';
import { writeClinicalData, type OdmUsers } from './odmClinical';
import { attributes, XmlFile } from './xmlFile';

const ODM_NS = 'http://www.cdisc.org/ns/odm/v1.3';

export async function writeOdm(context: ExportContext, targetPath: string, workDir: string, counts: Map<number, number>): Promise<void> {
  const registries = context.parameters.registryIds.filter((id) => context.catalog.registries.has(id));
  // ClinicalData streams first into a side file, noting the users it names: AdminData, which must
  // precede it, then lists exactly those (a query for them up front costs a pass over the history).
  const clinicalPath = join(workDir, 'clinical.xml');
  const users: OdmUsers = new Map();
  const clinical = new XmlFile(clinicalPath);
  const out = new XmlFile(targetPath);
  try {
    for (const registryId of registries) await writeClinicalData(context, clinical, registryId, workDir, users);
    await clinical.close();
    const root = attributes({
      xmlns: ODM_NS,
      FileType: 'Snapshot',
      FileOID: `EXPORT.${randomUUID()}`,
      CreationDateTime: context.now.toISOString(),
      ODMVersion: '1.3.2',
      Originator: `${context.requester.name} <${context.requester.email}>`,
      SourceSystem: 'registry-trial-cdms',
      Description: `minimumApprovalLevel=${context.parameters.minimumApprovalLevel}`,
    });
    await out.write(`<?xml version="1.0" encoding="UTF-8"?>\n<ODM${root}>`);
    const studyOids: string[] = [];
    for (const registryId of registries) {
      const formTypes = context.catalog.formTypes.filter((t) => t.registryId === registryId && (counts.get(t.id) ?? 0) > 0);
      studyOids.push(oid.study(context.catalog.registries.get(registryId)?.shortName ?? registryId));
      await out.write(studyXml(context, registryId, formTypes));
    }
    await out.write(adminDataXml(context, [...users.entries()].map(([id, name]) => ({ id, name })), studyOids));
    await out.append(clinicalPath);
    await out.write('</ODM>\n');
    await out.close();
  } catch (error) {
    clinical.destroy();
    out.destroy();
    throw error;
  }
}
