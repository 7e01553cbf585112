// A light field without a component of its own: FieldList renders its wrapper element alone (one
// React fiber), and this ref makes a small controller that subscribes the field to its channel and
// paints it (lightField.ts). A 2000-field form thus holds one fiber per light field, not two (a
// Field component and its wrapper). When a field stops being light (a review arrives), the list
// renders it again, now as a Field.
import { isSameValue, joinPath, type FieldDescriptor, type FieldValue, type ValidationIssue } from '../../domain/forms';
import type { EngineSettings } from '../EngineContext';
import { mountLightField, patchLightField, patchLightIssues } from './lightField';
import { isLightNow, lightIssuesViewOf, lightViewOf } from './lightView';

class LightFieldController {
  // What was painted last: a bump that changed the issues alone (a held submit marks ~800 fields)
  // then repaints just those, without building the whole view or reading the field back.
  private paintedValue: FieldValue = undefined;
  private paintedDirty = false;
  private paintedIssues: readonly ValidationIssue[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly field: FieldDescriptor,
    private readonly path: string,
    private readonly settings: EngineSettings,
    private readonly leave: () => void,
  ) {
    settings.store.subscribe(path, this);
    // Painted from the store as it is now, so a bump between render and this commit is not lost.
    const view = lightViewOf(settings, field, path);
    if (root.firstElementChild === null) mountLightField(root, field, view);
    else patchLightField(root, view, true);
    this.remember();
  }

  private remember(): void {
    const { store } = this.settings;
    this.paintedValue = store.getValue(this.path);
    this.paintedDirty = !isSameValue(store.initialValue(this.path), this.paintedValue);
    this.paintedIssues = store.issuesOf(this.path);
  }

  /** Called by the store on a bump of the field's channel. */
  storeChanged(): void {
    // Only a review arriving can end a field's lightness on a bump (view, permissions and locks come
    // with the settings, which paint every field anew): the check is skipped for the rest.
    const { store } = this.settings;
    const reviewed = store.reviews()[this.path] !== undefined;
    if (reviewed && !isLightNow(this.settings, this.field, this.path)) return this.leave();
    const value = store.getValue(this.path);
    const issuesOnly = value === this.paintedValue && isSameValue(store.initialValue(this.path), value) !== this.paintedDirty;
    const hadIssues = this.paintedIssues.length > 0;
    if (issuesOnly) patchLightIssues(this.root, lightIssuesViewOf(this.settings, this.field, this.path), hadIssues);
    else patchLightField(this.root, lightViewOf(this.settings, this.field, this.path), false);
    this.remember();
  }

  detach(): void {
    this.settings.store.unsubscribe(this.path, this);
  }
}

export type LightRef = (node: HTMLElement | null) => (() => void) | undefined;

/**
 * The ref of every light wrapper in one field list (one function per list, not per field): it
 * finds the field by the wrapper's `data-field` and attaches a controller until React detaches it.
 * Made again when the settings change (language, view), so every light field is painted again.
 */
export function lightFieldRef(settings: EngineSettings, fields: readonly FieldDescriptor[], scope: string, leave: () => void): LightRef {
  const byPath = new Map(fields.map((field) => [joinPath(scope, field.id), field]));
  return (node) => {
    const path = node?.getAttribute('data-field');
    const field = path ? byPath.get(path) : undefined;
    if (!node || !path || !field) return undefined;
    const controller = new LightFieldController(node, field, path, settings, leave);
    return () => controller.detach();
  };
}
