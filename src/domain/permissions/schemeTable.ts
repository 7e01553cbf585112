// The scheme -> codes table, derived from REGISTRY_SCHEME_CODES / BIOBANK_SCHEME_CODES: the
// permission-schemes page shows it and docs/permissions.md carries its markdown (a test keeps the
// document equal to the model, so the table is written once).
import { ALL_PERMISSION_CODES, IMPLICIT_VARIANT, type PermissionCode } from './codes';
import { entryCodes, type AccessEntryKind } from './entries';
import { PERMISSION_SCHEMES, type PermissionScheme } from './schemes';

/** `explicit`: the scheme grants the code; `implicit`: only its implicit variant (own patients). */
export type SchemeMark = 'explicit' | 'implicit' | null;

export interface SchemeTableRow {
  code: PermissionCode;
  marks: Record<PermissionScheme, SchemeMark>;
}

const IMPLICIT_CODES = new Set<PermissionCode>(Object.values(IMPLICIT_VARIANT));

function markOf(codes: readonly PermissionCode[], code: PermissionCode): SchemeMark {
  if (codes.includes(code)) return 'explicit';
  const variant = IMPLICIT_VARIANT[code];
  return variant && codes.includes(variant) ? 'implicit' : null;
}

/** One row per code some scheme grants in entries of `kind` (implicit variants fold into their code). */
export function schemeTable(kind: AccessEntryKind): SchemeTableRow[] {
  const codesOf = Object.fromEntries(PERMISSION_SCHEMES.map((scheme) => [scheme, entryCodes({ kind, scheme })])) as Record<PermissionScheme, PermissionCode[]>;
  return ALL_PERMISSION_CODES.filter((code) => !IMPLICIT_CODES.has(code))
    .map((code) => ({ code, marks: Object.fromEntries(PERMISSION_SCHEMES.map((scheme) => [scheme, markOf(codesOf[scheme], code)])) as Record<PermissionScheme, SchemeMark> }))
    .filter((row) => PERMISSION_SCHEMES.some((scheme) => row.marks[scheme] !== null));
}

const CELL: Record<'explicit' | 'implicit', string> = { explicit: '✓', implicit: 'impl.' };

/** The table as markdown, as docs/permissions.md carries it. */
export function schemeTableMarkdown(kind: AccessEntryKind): string {
  const header = `| code | ${PERMISSION_SCHEMES.join(' | ')} |`;
  const rule = `|---|${PERMISSION_SCHEMES.map(() => '---').join('|')}|`;
  const rows = schemeTable(kind).map((row) => `| ${row.code} | ${PERMISSION_SCHEMES.map((scheme) => (row.marks[scheme] ? CELL[row.marks[scheme]] : '')).join(' | ')} |`);
  return [header, rule, ...rows].join('\n');
}
