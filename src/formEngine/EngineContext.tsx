// Contexts of one engine instance and the per-field hook. The store context never changes for an
// instance; settings change only with props (view type, permissions), which re-renders all fields.
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import {
  fieldDisplayModes,
  fieldRenderMode,
  READ_ONLY_TYPES,
  type DisplayMode,
  type FieldDescriptor,
  type FieldLockMap,
  type FieldReview,
  type FieldReviewMap,
  type FieldValue,
  type RenderMode,
  type ValidationIssue,
  type ViewType,
} from '../domain/forms';
import type { ConfirmOptions } from '../common/confirmDialog';
import type { EngineStore } from './engineStore';
import type { FormPermissions, ReviewAction } from './types';

export interface EngineSettings {
  viewType: ViewType;
  permissions: FormPermissions;
  locks: FieldLockMap;
  userId?: string;
  /** Mandatory on submit or indispensable: shown bold. */
  isMandatory: (fieldId: string) => boolean;
  review: (next: FieldReviewMap, action: { type: ReviewAction; path: string }) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

export const EngineStoreContext = createContext<EngineStore | null>(null);
export const EngineSettingsContext = createContext<EngineSettings | null>(null);

export function useEngineStore(): EngineStore {
  const store = useContext(EngineStoreContext);
  if (!store) throw new Error('useEngineStore outside <FormEngine/>');
  return store;
}

export function useEngineSettings(): EngineSettings {
  const settings = useContext(EngineSettingsContext);
  if (!settings) throw new Error('useEngineSettings outside <FormEngine/>');
  return settings;
}

/** Re-renders the caller only when the channel `key` (a value path, or FORM_KEY) is bumped. */
export function useChannel(store: EngineStore, key: string): number {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  const snapshot = useCallback(() => store.version(key), [store, key]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export const EDITABLE_MODES: ReadonlySet<RenderMode> = new Set(['new', 'edit', 'fix', 'inspect_fix', 'correct', 'correct_fix']);

export interface FieldState {
  value: FieldValue;
  issues: readonly ValidationIssue[];
  review?: FieldReview;
  mode: RenderMode;
  editable: boolean;
  displayModes: DisplayMode[];
}

export function renderModeOf(settings: EngineSettings, field: FieldDescriptor, path: string, review?: FieldReview): RenderMode {
  const censored = settings.permissions.censoredFields?.includes(field.id) === true;
  return fieldRenderMode(
    settings.viewType,
    { readOnly: READ_ONLY_TYPES.has(field.type), review, lockedBy: settings.locks[path]?.userId ?? null, userId: settings.userId },
    censored ? { ...settings.permissions, view: false } : settings.permissions,
  );
}

export function useFieldState(field: FieldDescriptor, path: string): FieldState {
  const store = useEngineStore();
  const settings = useEngineSettings();
  useChannel(store, path);
  const value = store.getValue(path);
  const review = store.reviews()[path];
  const mode = renderModeOf(settings, field, path, review);
  return {
    value,
    issues: store.issuesOf(path),
    review,
    mode,
    editable: EDITABLE_MODES.has(mode),
    displayModes: fieldDisplayModes({ initialValue: store.initialValue(path), value, review }),
  };
}
