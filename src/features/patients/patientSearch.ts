// The patient selector searches one field at a time, because the list filter joins clauses with
// AND: what the user typed decides whether it is an insurance number, an internal patient number
// or a name.
import type { FilterClause } from '../../domain/lists';
import { normalizeInsuranceNumber } from '../../domain/patients';
import type { SearchCriteria } from './patients.slice';

/** Internal numbers are `<institute shortName>-<6 digits>`, e.g. SZLK-000123. */
const INTERNAL_NUMBER = /^[A-Za-z0-9]+-\d*$/;
const DIGITS = /^[\d\s-]+$/;

export function searchClauses(criteria: SearchCriteria): FilterClause[] {
  const term = criteria.term.trim();
  const clauses: FilterClause[] = [];
  if (criteria.registryId) clauses.push({ field: 'registryId', operator: '==', value: criteria.registryId });
  if (criteria.instituteId) clauses.push({ field: 'instituteId', operator: '==', value: criteria.instituteId });
  if (DIGITS.test(term)) clauses.push({ field: 'insuranceNumber', operator: '=@', value: normalizeInsuranceNumber(term) });
  else if (INTERNAL_NUMBER.test(term)) clauses.push({ field: 'internalPatientNumber', operator: '=@', value: term.toUpperCase() });
  else clauses.push({ field: 'name', operator: '=@', value: term });
  return clauses;
}

/** How many matches the selector offers; more precise typing narrows them. */
export const SEARCH_LIMIT = 20;
