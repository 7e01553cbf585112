// The parts of the file store below the API: the content-addressed store, file names and types,
// the references a form's values hold, and the two settings.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { loadDescriptorOrThrow } from '../../../src/domain/forms';
import { ConfigError, loadConfig } from '../../../server/config';
import { testDescriptorDocument } from '../../helpers/testDescriptor';
import { acceptsFile, cleanFileName, contentDisposition, mimeTypeOf } from '../../../server/files/fileNames';
import { fileReferencesOf } from '../../../server/files/fileReferences';
import { EmptyFileError, FileTooLargeError, openBlob, storeBlob, UploadInterruptedError } from '../../../server/files/fileStore';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every file below the store, relative, sorted. */
function filesIn(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

async function refusal(run: Promise<unknown>): Promise<unknown> {
  try {
    await run;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('the content-addressed store', () => {
  it('stores under the SHA-256, shares identical content, and reads it back', async () => {
    const sha = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824';
    expect(await storeBlob(dir, Readable.from([Buffer.from('hel'), Buffer.from('lo')]), 5)).toEqual({ sha256: sha, size: 5 });
    expect(await storeBlob(dir, Readable.from([Buffer.from('hello')]), 100)).toEqual({ sha256: sha, size: 5 });
    expect(filesIn(dir)).toEqual([join('2c', sha)]);
    const blob = await openBlob(dir, sha);
    expect(blob?.size).toBe(5);
    // Read the stream to its end: a stream destroyed unread still opens its file later, and on a
    // busy machine that open could land after afterEach removed the folder (an uncaught ENOENT).
    const chunks: Buffer[] = [];
    for await (const chunk of blob?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('hello');
    expect(readFileSync(join(dir, '2c', sha), 'utf8')).toBe('hello');
    expect(await openBlob(dir, 'f'.repeat(64))).toBeNull();
  });

  it('leaves nothing behind when the file is too large, empty, or the upload breaks off', async () => {
    expect(await refusal(storeBlob(dir, Readable.from([Buffer.from('123456')]), 5))).toBeInstanceOf(FileTooLargeError);
    expect(await refusal(storeBlob(dir, Readable.from([]), 5))).toBeInstanceOf(EmptyFileError);
    // The connection breaks after the first chunk was read (not on a timer, which a busy machine
    // could fire before the store even started reading).
    let reads = 0;
    const broken = new Readable({
      read() {
        reads += 1;
        if (reads === 1) this.push(Buffer.from('part'));
        else this.destroy(new Error('socket hang up'));
      },
    });
    expect(await refusal(storeBlob(dir, broken, 100))).toBeInstanceOf(UploadInterruptedError);
    expect(filesIn(dir)).toEqual([]);
  });

  it('refuses a path that is not a hash', async () => {
    expect(await refusal(openBlob(dir, '../../etc/passwd'))).toBeInstanceOf(Error);
  });
});

describe('file names and types', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['C:\\Users\\anna\\lelet.pdf', 'lelet.pdf'],
    ['/home/anna/../x.pdf', 'x.pdf'],
    ['  szövettani\u202Efdp.exe  ', 'szövettanifdp.exe'],
    ['a\u0000b\nc.pdf', 'abc.pdf'],
    ['..', null],
    ['   ', null],
    ['dir/', null],
  ])('cleans %j to %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('keeps at most 255 characters, shortening the stem and keeping the extension', () => {
    const long = [...(cleanFileName(`${'ő'.repeat(300)}.pdf`) ?? '')];
    expect(long).toHaveLength(255);
    expect(long.slice(-5).join('')).toBe('ő.pdf');
  });

  it('sends the exact name in filename* and a plain-ASCII fallback', () => {
    expect(contentDisposition('plain.pdf')).toBe(`attachment; filename="plain.pdf"; filename*=UTF-8''plain.pdf`);
    expect(contentDisposition("a'b(c)*%\"\\.pdf")).toBe(`attachment; filename="a'b(c)*___.pdf"; filename*=UTF-8''a%27b%28c%29%2A%25%22%5C.pdf`);
    expect(contentDisposition('Árvíztűrő.pdf')).toBe(`attachment; filename="_rv_zt_r_.pdf"; filename*=UTF-8''%C3%81rv%C3%ADzt%C5%B1r%C5%91.pdf`);
  });

  it('reads the media type without parameters and falls back to octet-stream', () => {
    expect(mimeTypeOf('Application/PDF; charset=binary')).toBe('application/pdf');
    expect(mimeTypeOf(undefined)).toBe('application/octet-stream');
    expect(mimeTypeOf('text/html<script>')).toBe('application/octet-stream');
  });

  it('accepts by extension or by media type, as the domain rule does', () => {
    expect(acceptsFile(undefined, 'x.exe', 'application/x-msdownload')).toBe(true);
    expect(acceptsFile(['.pdf'], 'SCAN.PDF', 'application/octet-stream')).toBe(true);
    expect(acceptsFile(['application/pdf'], 'scan', 'application/pdf')).toBe(true);
    expect(acceptsFile(['.pdf', 'image/png'], 'x.jpg', 'image/jpeg')).toBe(false);
  });
});

describe('file references in form values', () => {
  const descriptor = loadDescriptorOrThrow(
    testDescriptorDocument({
      formTypeId: 9,
      displayId: 'FILES',
      sections: {
        s: [
          { id: 'report', type: 'fileUpload' },
          { id: 'scans', type: 'multiField', fields: [{ id: 'scan', type: 'fileUpload' }, { id: 'note', type: 'text' }] },
        ],
      },
      labels: { s: 'S', report: 'Report', scans: 'Scans', scan: 'Scan', note: 'Note' },
    }),
  );

  it('finds top-level and multi-field files at their value paths, and ignores what is no reference', () => {
    const refs = fileReferencesOf(descriptor, {
      report: { fileId: 'f1', fileName: 'a.pdf' },
      scans: [{ scan: { fileId: 'f2', fileName: 'b.png' }, note: 'x' }, { note: 'no file' }, { scan: 'just text' }, { scan: { fileId: 'f3', fileName: 'c.png' } }],
    });
    expect(refs).toEqual([
      { path: 'report', fieldId: 'report', fileId: 'f1' },
      { path: 'scans[0].scan', fieldId: 'scan', fileId: 'f2' },
      { path: 'scans[3].scan', fieldId: 'scan', fileId: 'f3' },
    ]);
    expect(fileReferencesOf(descriptor, { report: null, scans: 'broken' as never })).toEqual([]);
  });
});

describe('settings', () => {
  const SECRET = 'a'.repeat(32);

  it('keeps files next to the SQLite file by default, else in data/files, else where FILE_STORE_DIR says', () => {
    expect(loadConfig({ APP_SECRET: SECRET }, dir)).toMatchObject({ fileStoreDir: join(dir, 'data', 'files'), fileUploadMaxBytes: 20971520 });
    expect(loadConfig({ APP_SECRET: SECRET, DATABASE_URL: 'sqlite:/var/lib/reg/registry.sqlite' }, dir).fileStoreDir).toBe('/var/lib/reg/files');
    expect(loadConfig({ APP_SECRET: SECRET, DATABASE_URL: 'postgres://u:p@db/registry' }, dir).fileStoreDir).toBe(join(dir, 'data', 'files'));
    expect(loadConfig({ APP_SECRET: SECRET, FILE_STORE_DIR: 'uploads', FILE_UPLOAD_MAX_BYTES: '1000' }, dir)).toMatchObject({ fileStoreDir: join(dir, 'uploads'), fileUploadMaxBytes: 1000 });
  });

  it('names a bad FILE_UPLOAD_MAX_BYTES', () => {
    let problems: string[] = [];
    try {
      loadConfig({ APP_SECRET: SECRET, FILE_UPLOAD_MAX_BYTES: '20MB' }, dir);
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(["FILE_UPLOAD_MAX_BYTES must be a whole number from 1 to 1073741824, got '20MB'"]);
  });
});
