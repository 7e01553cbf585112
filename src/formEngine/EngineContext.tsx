// Contexts of one engine instance and the per-channel hook. The store context never changes for an
// instance; settings change only with props (view type, permissions), which re-renders all fields.
import { createContext, useContext, useSyncExternalStore } from 'react';
import {
  fieldRenderMode,
  isCorrected,
  READ_ONLY_TYPES,
  type FieldDescriptor,
  type FieldLockMap,
  type FieldReview,
  type FieldReviewMap,
  type FieldValue,
  type RenderMode,
  type ViewType,
} from '../domain/forms';
import type { IntlShape } from 'react-intl';
import type { ConfirmOptions } from '../common/confirmDialog';
import type { EngineStore } from './engineStore';
import type { FormFiles, FormPermissions, ReviewAction } from './types';

export interface EngineSettings {
  /** The instance's store and intl again, so a field reads one context instead of three. */
  store: EngineStore;
  intl: IntlShape;
  viewType: ViewType;
  permissions: FormPermissions;
  locks: FieldLockMap;
  userId?: string;
  /** Display texts of read-only values by path (FormEngineProps.valueLabels). */
  valueLabels?: Readonly<Record<string, string>>;
  /** Mandatory on submit or indispensable: shown bold. */
  isMandatory: (fieldId: string) => boolean;
  review: (next: FieldReviewMap, action: { type: ReviewAction; path: string }) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Present when the host handles fix locks (onStartFix / onEndFix props). */
  startFix?: (path: string) => void;
  endFix?: (path: string) => void;
  /** Present when the host shows a field's history (onFieldHistory prop): read and inspect views. */
  fieldHistory?: (path: string) => void;
  /** Present when the host stores files (FormEngineProps.files); read by file-upload fields only. */
  files?: FormFiles;
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
  // The store keeps one subscribe/version pair per channel, so a field holds no callbacks of its own.
  const channel = store.channel(key);
  return useSyncExternalStore(channel.subscribe, channel.version, channel.version);
}

export const EDITABLE_MODES: ReadonlySet<RenderMode> = new Set(['new', 'edit', 'fix', 'inspect_fix', 'correct', 'correct_fix']);

export function renderModeOf(settings: EngineSettings, field: FieldDescriptor, path: string, review: FieldReview | undefined, value: FieldValue): RenderMode {
  const censored = settings.permissions.censoredFields?.includes(field.id) === true;
  const corrected = review !== undefined && isCorrected(review, value);
  return fieldRenderMode(
    settings.viewType,
    { readOnly: READ_ONLY_TYPES.has(field.type) || settings.permissions.readOnlyFields?.includes(field.id) === true, review, corrected, lockedBy: settings.locks[path]?.userId ?? null, userId: settings.userId },
    censored ? { ...settings.permissions, view: false } : settings.permissions,
  );
}
