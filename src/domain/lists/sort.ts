// Sort parameter: comma-separated field names, a leading '-' meaning descending.
import type { ListError } from './filter';

export interface SortClause {
  field: string;
  direction: 'asc' | 'desc';
}

export type SortParseResult = { ok: true; clauses: SortClause[] } | { ok: false; error: ListError };

const FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]*$/;

export function parseSort(text: string): SortParseResult {
  if (text.trim() === '') return { ok: true, clauses: [] };
  const clauses: SortClause[] = [];
  for (const part of text.split(',')) {
    const descending = part.startsWith('-');
    const field = (descending || part.startsWith('+') ? part.slice(1) : part).trim();
    if (!FIELD_PATTERN.test(field)) {
      return { ok: false, error: { path: 'sort', key: 'list.sortSyntax', context: { value: part } } };
    }
    clauses.push({ field, direction: descending ? 'desc' : 'asc' });
  }
  return { ok: true, clauses };
}

export function formatSort(clauses: readonly SortClause[]): string {
  return clauses.map((c) => (c.direction === 'desc' ? `-${c.field}` : c.field)).join(',');
}
