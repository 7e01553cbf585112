// The form's current values must be what its record replays to: every write path records each
// top-level field change (diffValues), so applying the changes in order, from nothing, gives the
// stored field_values. Paths starting with `$` ($randomGroup, $displayId) are not field values.
import { isSameValue, type FormHistoryChange } from '../../src/domain/forms';

export function replayValues(changeLists: readonly (readonly FormHistoryChange[])[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const changes of changeLists) {
    for (const change of changes) {
      if (change.path.startsWith('$')) continue;
      if (change.new === null || change.new === undefined) delete values[change.path];
      else values[change.path] = change.new;
    }
  }
  return values;
}

/** Top-level field ids whose stored value differs from the replayed one (empty counts as absent). */
export function differingFields(stored: Record<string, unknown>, replayed: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(stored), ...Object.keys(replayed)])].filter((key) => !isSameValue(stored[key], replayed[key])).sort();
}
