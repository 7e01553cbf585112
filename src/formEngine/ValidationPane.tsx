// The validation pane (spec §5): every error and warning, grouped by section in field order, each
// entry a button that jumps to its field. "Save anyway" only when canSave allows the submit type.
import { memo, startTransition, useEffect, useImperativeHandle, useState, type ReactElement, type Ref } from 'react';
import { Button } from '@mantine/core';
import { useIntl } from 'react-intl';
import { canSave, type SubmitType } from '../domain/forms';
import { FORM_KEY, type EngineStore } from './engineStore';
import { useChannel } from './EngineContext';
import { headerReady, type SaveKind } from './FormToolbar';
import { issueText, paneGroups, plainText, type PaneEntry, type PaneGroup } from './issues';
import { messages } from './messages';
import { PaneFrame } from './PaneFrame';
import styles from './formEngine.module.css';

interface ValidationPaneProps {
  store: EngineStore;
  opened: boolean;
  submitType: SubmitType;
  busy: boolean;
  onClose: () => void;
  onJump: (path: string) => void;
  onSaveAnyway: () => void;
}

/** Opens and closes the held submit's pane without re-rendering the form around it. */
export interface PaneHandle {
  open(kind: SaveKind): void;
  close(): void;
}

type HeldSubmitPaneProps = Omit<ValidationPaneProps, 'opened' | 'submitType' | 'onSaveAnyway'> & {
  handle: Ref<PaneHandle>;
  onSaveAnyway: (kind: SaveKind) => void;
};

/**
 * The pane with its open state of its own: a held submit re-renders only the pane, not the whole
 * form (Mantine's Grid hands out a new context value on each render, and React then walks every
 * field of a 2000-field form looking for its readers).
 */
export function HeldSubmitPane({ handle, onSaveAnyway, ...props }: HeldSubmitPaneProps): ReactElement | null {
  const [pane, setPane] = useState<{ opened: boolean; kind: SaveKind }>({ opened: false, kind: 'submit' });
  useImperativeHandle(handle, () => ({ open: (kind) => setPane({ opened: true, kind }), close: () => setPane((p) => (p.opened ? { ...p, opened: false } : p)) }), []);
  return (
    <ValidationPane {...props} opened={pane.opened} submitType={pane.kind === 'draft' ? 'draft' : 'submit'} onSaveAnyway={() => onSaveAnyway(pane.kind)} />
  );
}

type PaneBodyProps = Omit<ValidationPaneProps, 'opened' | 'onClose'>;

// The frame mounts its body only while open, so a closed pane neither listens to the store nor
// computes anything on a keystroke.
export function ValidationPane({ opened, onClose, ...body }: ValidationPaneProps): ReactElement | null {
  const intl = useIntl();
  return (
    <PaneFrame opened={opened} onClose={onClose} title={intl.formatMessage(messages.paneTitle)}>
      <PaneBody {...body} />
    </PaneFrame>
  );
}

function PaneBody({ store, submitType, busy, onJump, onSaveAnyway }: PaneBodyProps): ReactElement {
  const intl = useIntl();
  useChannel(store, FORM_KEY);
  const { descriptor } = store;
  const issues = store.allIssues();
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  const allowed = canSave(issues, submitType, descriptor) && headerReady(store);
  // Plain elements with the UI kit's looks: the pane's first render is part of a held submit's
  // paint, and each Mantine layout or text component costs several hooks and a style lookup.
  return (
    <div className={styles.paneBody}>
      <p className={styles.paneSummary}>{intl.formatMessage(messages.paneSummary, { errors, warnings: issues.length - errors })}</p>
      <PaneList groups={paneGroups(descriptor, issues)} onJump={onJump} />
      {!allowed && (
        <p role="alert" className={styles.paneAlert}>
          {intl.formatMessage(submitType === 'draft' ? messages.cannotSaveDraft : messages.cannotSubmit)}
        </p>
      )}
      <Button onClick={onSaveAnyway} disabled={!allowed} loading={busy}>
        {intl.formatMessage(messages.saveAnyway)}
      </Button>
    </div>
  );
}

/** The groups cut down to their first `limit` entries in all. */
function firstEntries(groups: PaneGroup[], limit: number): PaneGroup[] {
  const cut: PaneGroup[] = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    const entries = group.entries.length <= left ? group.entries : group.entries.slice(0, left);
    left -= entries.length;
    // A group shown whole stays the same object, so its section is not rendered again when the rest follows.
    cut.push(entries === group.entries ? group : { ...group, entries });
  }
  return cut;
}

/**
 * Runs `work` once the browser has painted and has nothing more pressing to do (at most half a
 * second later); where idle callbacks are missing, right after the next paint. Returns a cancel.
 */
function whenIdleAfterPaint(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(work, { timeout: 500 });
    return () => cancelIdleCallback(idle);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Entries rendered with the pane itself; the rest follow in a transition once that has painted. */
export const FIRST_PANE_ENTRIES = 30;

const PaneList = memo(function PaneList({ groups, onJump }: { groups: PaneGroup[]; onJump: (path: string) => void }): ReactElement {
  const firstEntry = groups[0]?.entries[0];
  // A held submit may list hundreds of entries: the first ones (and the one taking focus) come
  // with the field errors, the others in a transition that does not hold up that paint.
  const [limit, setLimit] = useState(FIRST_PANE_ENTRIES);
  const total = groups.reduce((sum, group) => sum + group.entries.length, 0);
  useEffect(() => {
    if (limit >= total) return;
    // Only once the first entries have painted: effects of a click run before the browser paints,
    // and a transition started here would render and commit hundreds of entries ahead of that frame.
    return whenIdleAfterPaint(() => startTransition(() => setLimit(Number.POSITIVE_INFINITY)));
  }, [limit, total]);
  const shown = firstEntries(groups, limit);
  const firstGroups = limit === FIRST_PANE_ENTRIES ? shown.length : firstEntries(groups, FIRST_PANE_ENTRIES).length;
  // One component per section: the transition that renders the rest can yield between sections.
  return (
    <>
      {shown.map((group, i) => (
        <PaneSection key={group.sectionId ?? '#header'} group={group} firstEntry={firstEntry} later={i >= firstGroups} onJump={onJump} />
      ))}
    </>
  );
});

const PaneSection = memo(function PaneSection({
  group,
  firstEntry,
  later,
  onJump,
}: {
  group: PaneGroup;
  firstEntry: PaneEntry | undefined;
  /** Rendered with the rest of a long list: laid out only when scrolled near. */
  later: boolean;
  onJump: (path: string) => void;
}): ReactElement {
  const intl = useIntl();
  return (
    <section className={later ? styles.paneGroupLater : undefined} aria-label={group.label ?? intl.formatMessage(messages.header)}>
      <h3 className={styles.paneGroupTitle}>{group.label ?? intl.formatMessage(messages.header)}</h3>
      <ul className={styles.issues}>
        {group.entries.map((paneEntry) => {
          const { issue, fieldPath, labelPath, entry } = paneEntry;
          // The group heading already names the section.
          const path = group.sectionId === null ? labelPath : labelPath.slice(1);
          const where = entry === null ? path.join(' › ') : `${path.join(' › ')} (${intl.formatMessage(messages.paneEntry, { number: entry })})`;
          return (
            <li key={`${issue.path}:${issue.key}`}>
              {/* A plain button: a Mantine one per entry is too heavy for hundreds of entries. */}
              <button type="button" className={styles.issueButton} data-autofocus={paneEntry === firstEntry || undefined} onClick={() => onJump(fieldPath)}>
                <span className={issue.severity === 'error' ? styles.error : styles.warning}>
                  {plainText(intl, issue.severity === 'error' ? messages.error : messages.warning)}: {where}: {issueText(intl, issue)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
