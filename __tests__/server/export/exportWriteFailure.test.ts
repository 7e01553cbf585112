// A write that fails (a missing folder, a full disk) rejects the export's promise instead of
// crashing the server with an unhandled stream error.
import { XmlFile } from '../../../server/export/odm/xmlFile';
import { DeflatedPart } from '../../../server/export/xlsx/zipWriter';

const NOWHERE = '/nonexistent-export-folder/part.tmp';

it('rejects when a sheet part cannot be written', async () => {
  const part = new DeflatedPart('xl/worksheets/sheet1.xml', NOWHERE);
  await part.write('<row/>');
  await expect(part.close()).rejects.toThrow(/ENOENT/);
});

it('rejects when the ODM file cannot be written', async () => {
  const file = new XmlFile(NOWHERE);
  await file.write('<ODM/>');
  await expect(file.close()).rejects.toThrow(/ENOENT/);
});
