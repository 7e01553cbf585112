// A monitor's fix of one value (docs/form-lifecycle.md "Fixing"): the path must be a field of the
// descriptor whose lock the caller holds; the new value goes through the same checks as every
// write (unknown ids, calculated values, the header from the attendance, personal data) and must
// not give the fixed field a validation error, because a handed-in form was valid when handed in.
import type { Kysely } from 'kysely';
import { compileDescriptor, FIELD_TYPES, parsePath, SEVERITIES, validateFormValues, type FieldValue, type FormDescriptor, type FormValues } from '../../src/domain/forms';
import { setAt } from '../../src/domain/forms/valueAccess';
import type { Database } from '../db/database';
import { ApiError, validationError, type FieldError } from '../errors/apiError';
import { assertHoldsFixLock } from './fixLocks';
import { isDescriptorPath } from './formWriteChecks';

export interface FixInput {
  path: string;
  value: unknown;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** The issue is about the fixed field itself, or inside it (an entry of a multi-field). */
const touches = (issuePath: string, path: string): boolean => issuePath === path || issuePath.startsWith(`${path}.`) || issuePath.startsWith(`${path}[`);

export interface FixContext {
  formId: string;
  userId: string;
  descriptor: FormDescriptor;
  stored: FormValues;
  /** May the caller see (and so change) the descriptor's personal data fields. */
  personal: boolean;
}

/** A field of the descriptor; a personal data field only for a caller with personal data access. */
export function assertFixablePath(descriptor: FormDescriptor, path: string, personal: boolean): void {
  if (!isDescriptorPath(descriptor, path)) throw validationError([{ path: 'path', key: 'api.notFound', context: { path } }]);
  const top = parsePath(path)?.[0]?.id ?? path;
  if (!personal && (descriptor.personalDataFields ?? []).includes(top)) {
    throw new ApiError({ statusCode: 403, code: 'forbidden', messageId: 'server.errors.forbidden' });
  }
}

/** The stored values with the one fixed value set, before the write checks (the caller runs them). */
export async function fixedValues(trx: Kysely<Database>, context: FixContext, input: FixInput): Promise<FormValues> {
  const { descriptor, stored } = context;
  assertFixablePath(descriptor, input.path, context.personal);
  await assertHoldsFixLock(trx, context.formId, input.path, context.userId);
  const values = structuredClone(stored);
  try {
    setAt(values, input.path, input.value as FieldValue);
  } catch {
    // An index past the entries of a multi-field: there is nothing there to fix.
    throw validationError([{ path: 'path', key: 'api.notFound', context: { path: input.path } }]);
  }
  return withoutCalculated(descriptor, values);
}

/** Calculated values removed (top level and in multi-field entries): the write recomputes them from the fix. */
function withoutCalculated(descriptor: FormDescriptor, values: FormValues): FormValues {
  for (const info of compileDescriptor(descriptor).index.ordered) {
    if (info.field.type !== FIELD_TYPES.calculated) continue;
    if (info.multiField === null) delete values[info.field.id];
    else {
      const entries = values[info.multiField];
      if (Array.isArray(entries)) for (const entry of entries) if (entry && typeof entry === 'object') delete (entry as Record<string, unknown>)[info.field.id];
    }
  }
  return values;
}

/** Refuses a fix that leaves an error on the fixed field (errors elsewhere are not the fixer's). */
export function assertFixValid(descriptor: FormDescriptor, values: FormValues, path: string): void {
  const errors: FieldError[] = validateFormValues(descriptor, values, { today })
    .filter((issue) => issue.severity === SEVERITIES.error && touches(issue.path, path))
    .map((issue) => ({ path: issue.path, key: issue.key, context: issue.context ?? {} }));
  if (errors.length > 0) throw validationError(errors);
}

