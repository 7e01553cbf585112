// The list filter grammar of the API (spec business-data §5): clauses `field<op>value` joined by
// commas; a comma inside a value is written twice. Shared by the server (parsing) and the client
// (formatting), so both sides always agree on escaping.

export const FILTER_OPERATORS = ['==', '!=', '=@', '!@', '>=', '<=', '<', '>'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterClause {
  field: string;
  operator: FilterOperator;
  value: string;
}

export interface ListError {
  path: string;
  key: string;
  context: Record<string, unknown>;
}

export type FilterParseResult =
  | { ok: true; clauses: FilterClause[] }
  | { ok: false; error: ListError };

const FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]*/;
// Two-character operators first, so that `>=` is never read as `>` followed by `=`.
const OPERATORS_LONGEST_FIRST = [...FILTER_OPERATORS].sort((a, b) => b.length - a.length);

/** Splits on single commas; a doubled comma is a literal comma inside the current part. */
function splitClauses(text: string): { raw: string; position: number }[] {
  const parts: { raw: string; position: number }[] = [];
  let current = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] !== ',') {
      current += text[i];
    } else if (text[i + 1] === ',') {
      current += ',,';
      i += 1;
    } else {
      parts.push({ raw: current, position: start });
      current = '';
      start = i + 1;
    }
  }
  parts.push({ raw: current, position: start });
  return parts;
}

function syntaxError(position: number): FilterParseResult {
  return { ok: false, error: { path: 'filter', key: 'list.filterSyntax', context: { position } } };
}

export function parseFilter(text: string): FilterParseResult {
  if (text.trim() === '') return { ok: true, clauses: [] };
  const clauses: FilterClause[] = [];
  for (const { raw, position } of splitClauses(text)) {
    const field = FIELD_PATTERN.exec(raw)?.[0];
    if (!field) return syntaxError(position);
    const rest = raw.slice(field.length);
    const operator = OPERATORS_LONGEST_FIRST.find((op) => rest.startsWith(op));
    if (!operator) return syntaxError(position + field.length);
    clauses.push({ field, operator, value: rest.slice(operator.length).replaceAll(',,', ',') });
  }
  return { ok: true, clauses };
}

export function formatFilter(clauses: readonly FilterClause[]): string {
  return clauses.map((c) => `${c.field}${c.operator}${c.value.replaceAll(',', ',,')}`).join(',');
}
