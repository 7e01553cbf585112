// The per-field fix switch (spec §4 "a field being fixed is locked"). A user with fix permission
// starts fixing a field in read, inspect or correct view; the host takes the lock (onStartFix) and
// passes it back through `locks`, and the field then renders in its fix mode (fix, inspect_fix,
// correct_fix) with a "Finish fixing" button. A field another user is fixing says so.
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { canStartFix, fieldRenderMode, READ_ONLY_TYPES, type FieldDescriptor, type FieldReview, type RenderMode } from '../../domain/forms';
import type { EngineSettings } from '../EngineContext';
import { messages } from '../messages';
import styles from '../formEngine.module.css';

export type FixState = 'start' | 'fixing' | 'lockedByOther';

const FIX_MODES: ReadonlySet<RenderMode> = new Set(['fix', 'inspect_fix', 'correct_fix']);

/** What the field offers about fixing, or null (most fields: nothing to render, no component). */
export function fixStateOf(settings: EngineSettings, field: FieldDescriptor, path: string, mode: RenderMode, review?: FieldReview): FixState | null {
  if (mode === 'censored') return null;
  const { viewType, permissions, userId } = settings;
  if (FIX_MODES.has(mode)) return 'fixing';
  const holder = settings.locks[path]?.userId;
  if (holder !== undefined && holder !== userId) return 'lockedByOther';
  // Fields the page holds read-only (the header's attendance fields, values taken from the patient) are never fixed here.
  const readOnly = READ_ONLY_TYPES.has(field.type) || permissions.readOnlyFields?.includes(field.id) === true;
  if (!settings.startFix || userId === undefined || !canStartFix(viewType, permissions, readOnly)) return null;
  // Only where holding the lock would give a fix mode: a rejected field in correct view is corrected, not fixed.
  return FIX_MODES.has(fieldRenderMode(viewType, { readOnly, review, lockedBy: userId, userId }, permissions)) ? 'start' : null;
}

interface FixControlProps {
  state: FixState;
  path: string;
  domId: string;
  settings: EngineSettings;
}

export function FixControl({ state, path, domId, settings }: FixControlProps): ReactElement {
  const intl = useIntl();
  if (state === 'lockedByOther') {
    const holder = settings.locks[path]?.userName;
    return <p className={styles.fixNote}>{holder ? intl.formatMessage(messages.lockedByUser, { user: holder }) : intl.formatMessage(messages.lockedByOther)}</p>;
  }
  if (state === 'start') {
    return (
      <button type="button" className={styles.smallButton} aria-describedby={`${domId}-label`} onClick={() => settings.startFix?.(path)}>
        {intl.formatMessage(messages.startFix)}
      </button>
    );
  }
  return (
    <div className={styles.fixNote}>
      <span className={styles.fixing}>{intl.formatMessage(messages.fixing)}</span>
      {settings.endFix && (
        <button type="button" className={styles.smallButton} aria-describedby={`${domId}-label`} onClick={() => settings.endFix?.(path)}>
          {intl.formatMessage(messages.endFix)}
        </button>
      )}
    </div>
  );
}
