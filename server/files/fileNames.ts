// What an upload says about itself (its name and type) is caller input: names are cleaned before
// they are stored, and both are encoded safely when a download sends them back.

const MAX_NAME_LENGTH = 255;
// Control characters, and the bidirectional overrides that make "report\u202Efdp.exe" read as
// "reportexe.pdf".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name as stored, or null when nothing usable is left. Folders of the sender's disk are dropped. */
export function cleanFileName(raw: string): string | null {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return null;
  const chars = [...cleaned];
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  // Shorten the stem, not the extension: the field's accepted types are judged by it.
  const extension = /\.[^.]{1,16}$/.exec(cleaned)?.[0] ?? '';
  return [...chars.slice(0, MAX_NAME_LENGTH - extension.length), ...extension].join('');
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;
export const DEFAULT_MIME_TYPE = 'application/octet-stream';

/** The media type of a Content-Type header without its parameters; anything odd is octet-stream. */
export function mimeTypeOf(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return MIME_TYPE.test(type) ? type : DEFAULT_MIME_TYPE;
}

/**
 * The rule of the domain's file check (src/domain/forms/fieldRules.ts): an entry starting with a
 * dot is an extension of the name, anything else a MIME type.
 */
export function acceptsFile(accept: readonly string[] | undefined, name: string, mimeType: string): boolean {
  if (!accept || accept.length === 0) return true;
  const lower = name.toLowerCase();
  return accept.some((entry) => (entry.startsWith('.') ? lower.endsWith(entry.toLowerCase()) : entry.toLowerCase() === mimeType));
}

/** RFC 5987 value characters: encodeURIComponent leaves ' ( ) * unescaped, which attr-char does not allow. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` with a plain-ASCII fallback name for old clients and the exact name in filename*
 * (RFC 6266). Quotes, backslashes and % are replaced in the fallback: some browsers decode %XX there.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
