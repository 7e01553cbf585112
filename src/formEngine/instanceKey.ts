// Which engine instance a set of props belongs to: a new descriptor or values object starts a
// fresh instance (a keyed remount), while the same form relabelled in another language keeps it
// (and what the user typed): the fields re-read their labels, nothing is remounted.
import type { FormDescriptor, FormValues } from '../domain/forms';
import type { FormEngineProps } from './types';

const NO_VALUES: FormValues = {};
const objectIds = new WeakMap<object, number>();
let nextObjectId = 1;

function objectId(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) objectIds.set(value, (id = nextObjectId++));
  return id;
}

const sameFormAs = new WeakMap<FormDescriptor, FormDescriptor>();

/** Declares `next` the same form and version as `previous` in another language (a language switch). */
export function markRelabelled(next: FormDescriptor, previous: FormDescriptor): void {
  if (next !== previous) sameFormAs.set(next, sameFormAs.get(previous) ?? previous);
}

/** The React key of the engine instance for these props. */
export function instanceKeyOf(props: FormEngineProps): string {
  const restored = props.initialValues ? objectId(props.initialValues) : 0;
  const structure = sameFormAs.get(props.descriptor) ?? props.descriptor;
  return `${objectId(structure)}:${objectId(props.values ?? NO_VALUES)}:${restored}`;
}
