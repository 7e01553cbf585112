// CDISC ODM 1.3.2: not written yet (the next commit streams it).
import type { ExportContext } from '../exportContext';

export async function writeOdm(context: ExportContext, targetPath: string): Promise<void> {
  void context;
  void targetPath;
  throw new Error('ODM export is not available yet');
}
