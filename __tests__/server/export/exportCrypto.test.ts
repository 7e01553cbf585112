// Agile encryption round trips: our own decryptor and an independent one (msoffcrypto-tool, as CI
// installs it) open what encryptAgile writes, for a package small enough for the ministream, one
// of many segments, and one large enough that the compound file needs DIFAT sectors.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decryptAgile, decryptAgileToFile, WrongPasswordError } from '../../../server/export/crypto/agileDecrypt';
import { encryptAgile } from '../../../server/export/crypto/agileEncrypt';
import { DeflatedPart, writeZip } from '../../../server/export/xlsx/zipWriter';
import { createTestServer, type TestServer } from '../../helpers/serverApp';
import { allRegistryIds, exportParameters, PASSWORD, runExport, exportFolder, removeExportFolders } from './exportKit';
import { readZip } from './xlsxReader';

const msoffcrypto = spawnSync('msoffcrypto-tool', ['--help']).status === 0;
const independent = msoffcrypto || process.env.CI === 'true' ? it : it.skip;
if (!msoffcrypto) console.warn('msoffcrypto-tool is not installed (Debian: python3-msoffcrypto-tool): the independent decryption checks were SKIPPED');

const dir = exportFolder('export-crypto-');
afterAll(removeExportFolders);

function msoffcryptoDecrypt(encrypted: string, password: string): { status: number | null; plain: string } {
  const plain = `${encrypted}.plain`;
  const result = spawnSync('msoffcrypto-tool', ['-p', password, encrypted, plain], { encoding: 'utf8' });
  return { status: result.status, plain };
}

// The library behind msoffcrypto-tool, asked to check the data integrity HMAC as well.
const VERIFY_INTEGRITY = `
import sys, msoffcrypto
office = msoffcrypto.OfficeFile(open(sys.argv[1], 'rb'))
office.load_key(password=sys.argv[2])
with open(sys.argv[3], 'wb') as out:
    office.decrypt(out, verify_integrity=True)
`;

function msoffcryptoVerified(encrypted: string, password: string): { status: number | null; plain: string; stderr: string } {
  const plain = `${encrypted}.verified`;
  const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  const result = spawnSync(python, ['-c', VERIFY_INTEGRITY, encrypted, password, plain], { encoding: 'utf8' });
  return { status: result.status, plain, stderr: result.stderr };
}

/** A real zip (msoffcrypto checks the result is one) of `size` random bytes, stored uncompressible. */
async function zipOf(size: number, path: string): Promise<Buffer> {
  const part = new DeflatedPart('payload.bin', `${path}.part`);
  const bytes = randomBytes(size).toString('latin1');
  for (let i = 0; i < bytes.length; i += 65_536) await part.write(bytes.slice(i, i + 65_536));
  await writeZip(path, [await part.close()]);
  return readFileSync(path);
}

describe.each([
  ['small (ministream)', 1000],
  ['many segments', 300_000],
  ['large (DIFAT)', 8_000_000],
])('agile encryption of a %s package', (_, size) => {
  const plainPath = join(dir, `plain-${size}`);
  const encryptedPath = join(dir, `encrypted-${size}.xlsx`);
  let plain: Buffer;

  beforeAll(async () => {
    plain = await zipOf(size, plainPath);
    await encryptAgile(plainPath, encryptedPath, 'Pässwörd-1');
  }, 60_000);

  it('decrypts with the password and refuses another', async () => {
    expect((await decryptAgile(encryptedPath, 'Pässwörd-1')).equals(plain)).toBe(true);
    await decryptAgileToFile(encryptedPath, 'Pässwörd-1', `${encryptedPath}.out`);
    expect(readFileSync(`${encryptedPath}.out`).equals(plain)).toBe(true);
    await expect(decryptAgile(encryptedPath, 'Pässwörd-2')).rejects.toBeInstanceOf(WrongPasswordError);
  }, 60_000);

  independent('decrypts with msoffcrypto, whose integrity check passes', () => {
    const { status, plain: out, stderr } = msoffcryptoVerified(encryptedPath, 'Pässwörd-1');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(readFileSync(out).equals(plain)).toBe(true);
  }, 60_000);
});

describe('an encrypted export opened by msoffcrypto-tool', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ seed: true });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  independent('is a zip holding the workbook and the data sheets, and only with the password', async () => {
    const produced = await runExport(server.db, exportParameters({ registryIds: await allRegistryIds(server.db) }));
    expect(msoffcryptoDecrypt(produced.path, 'wrong password').status).not.toBe(0);
    const { status, plain } = msoffcryptoDecrypt(produced.path, PASSWORD);
    expect(status).toBe(0);
    const parts = readZip(readFileSync(plain));
    const sheetNumber = /<sheet name="Baseline visit" sheetId="(\d+)"/.exec(parts.get('xl/workbook.xml')?.toString('utf8') ?? '')?.[1];
    expect(sheetNumber).toBeDefined();
    const sheet = parts.get(`xl/worksheets/sheet${sheetNumber}.xml`)?.toString('utf8') ?? '';
    expect(sheet).toContain('<t xml:space="preserve">tjc28</t>');
    expect(sheet).toContain('<t xml:space="preserve">Rheumatoid arthritis</t>');
  }, 60_000);
});
