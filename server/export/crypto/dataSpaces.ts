// The \x06DataSpaces storage Office writes beside an encrypted package (MS-OFFCRYPTO 2.1.1-2.1.8
// and 2.2.1): it names the "StrongEncryptionTransform" that protects the EncryptedPackage stream.
import type { CfbStorage } from './compoundFileWriter';

/** UNICODE-LP-P4: byte length, UTF-16LE text, zero padding to 4 bytes. */
function lengthPrefixed(text: string): Buffer {
  const body = Buffer.from(text, 'utf16le');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length, 0);
  const padding = Buffer.alloc((4 - (body.length % 4)) % 4);
  return Buffer.concat([length, body, padding]);
}

function uint32s(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => buffer.writeUInt32LE(value, i * 4));
  return buffer;
}

/** Reader, updater and writer versions, each 1.0 (uint16 major, uint16 minor). */
const VERSIONS = uint32s(1, 1, 1);

function version(): Buffer {
  return Buffer.concat([lengthPrefixed('Microsoft.Container.DataSpaces'), VERSIONS]);
}

function dataSpaceMap(): Buffer {
  const entryBody = Buffer.concat([uint32s(1, 0), lengthPrefixed('EncryptedPackage'), lengthPrefixed('StrongEncryptionDataSpace')]);
  return Buffer.concat([uint32s(8, 1, entryBody.length + 4), entryBody]);
}

function dataSpaceDefinition(): Buffer {
  return Buffer.concat([uint32s(8, 1), lengthPrefixed('StrongEncryptionTransform')]);
}

function primaryTransform(): Buffer {
  const transformId = lengthPrefixed('{FF9A3F03-56EF-4613-BDD5-5A41C1D07246}');
  // TransformLength counts the bytes before TransformName: itself, TransformType and TransformID.
  const header = Buffer.concat([uint32s(8 + transformId.length, 1), transformId, lengthPrefixed('Microsoft.Container.EncryptionTransform'), VERSIONS]);
  // EncryptionTransformInfo: empty EncryptionName, block size 0, cipher mode 0, reserved 4.
  return Buffer.concat([header, uint32s(0, 0, 0, 4)]);
}

export function dataSpacesStorage(): CfbStorage {
  return {
    name: '\u0006DataSpaces',
    children: [
      { name: 'Version', content: version() },
      { name: 'DataSpaceMap', content: dataSpaceMap() },
      { name: 'DataSpaceInfo', children: [{ name: 'StrongEncryptionDataSpace', content: dataSpaceDefinition() }] },
      {
        name: 'TransformInfo',
        children: [{ name: 'StrongEncryptionTransform', children: [{ name: '\u0006Primary', content: primaryTransform() }] }],
      },
    ],
  };
}
