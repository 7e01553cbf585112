// <FormEngine/>: renders a form descriptor in one of the five view types. Values live in the engine
// store (per-field subscriptions), not in React state, so a keystroke re-renders one field plus the
// fields the evaluator reports as changed. Everything leaves through callbacks (see types.ts).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Box, Grid } from '@mantine/core';
import { useIntl } from 'react-intl';
import { fieldIndexOf, mandatoryFieldIds, pathFieldId, type FieldLockMap, type FieldReviewMap, type FormValues } from '../domain/forms';
import { useConfirm } from '../common/confirmDialog';
import { createEngineStore } from './engineStore';
import { EngineSettingsContext, EngineStoreContext, type EngineSettings } from './EngineContext';
import { FieldList, SectionList } from './fields/FieldList';
import { LightCalendar, type CalendarHandle } from './fields/LightCalendar';
import { listenToLightFields } from './fields/lightListeners';
import { FormToolbar, type SaveKind } from './FormToolbar';
import { guideMessages } from './guideMessages';
import { instanceKeyOf } from './instanceKey';
import { domIdOf, paneGroups } from './issues';
import { LeaveGuard } from './LeaveGuard';
import { messages } from './messages';
import { nextOpenRejection, openRejectionsInOrder } from './reviewGuide';
import { clampSection, SectionNav, SectionSteps } from './SectionNav';
import type { FormAction, FormEngineProps, FormFiles, MaybePromise } from './types';
import { HeldSubmitPane, type PaneHandle } from './ValidationPane';
import styles from './formEngine.module.css';

const NO_VALUES: FormValues = {};
const NO_REVIEWS: FieldReviewMap = {};
const NO_LOCKS: FieldLockMap = {};

const localToday = (): string => {
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

export { markRelabelled } from './instanceKey';

export function FormEngine(props: FormEngineProps): ReactElement {
  return <EngineInstance key={instanceKeyOf(props)} {...props} />;
}

/** The host's file store as of now; the settings offer files only while the prop is present. */
function filesOf(props: FormEngineProps): FormFiles {
  if (!props.files) throw new Error('FormEngine: files are no longer provided');
  return props.files;
}

function isPromise(value: MaybePromise): value is Promise<unknown> {
  return typeof (value as Promise<unknown> | undefined)?.then === 'function';
}

function EngineInstance(props: FormEngineProps): ReactElement {
  const { descriptor, viewType, permissions, userId, allSections = false, leavePrompt = true, submitting } = props;
  const locks = props.locks ?? NO_LOCKS;
  const intl = useIntl();
  const { confirm, dialog } = useConfirm();
  const [store] = useState(() =>
    createEngineStore(
      descriptor,
      props.initialValues ?? props.values ?? NO_VALUES,
      props.initialReviews ?? props.reviews ?? NO_REVIEWS,
      { liveValidation: viewType !== 'read', today: props.today ?? localToday },
      props.initialValues ? (props.values ?? NO_VALUES) : undefined,
    ),
  );
  // Before the fields render, so they read the new language's labels in this very render.
  if (store.descriptor !== descriptor) store.relabel(descriptor);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
    store.configure({ liveValidation: viewType !== 'read', today: props.today ?? localToday, onChange: props.onChange });
  });
  useEffect(() => () => store.dispose(), [store]);
  // The light fields' inputs report through one set of listeners on the form (fields/lightListeners.ts);
  // a light date's calendar opens in the form's one LightCalendar.
  const formRef = useRef<HTMLFormElement>(null);
  const calendar = useRef<CalendarHandle>(null);
  useEffect(() => (formRef.current ? listenToLightFields(formRef.current, store, (path, button) => calendar.current?.open(path, button)) : undefined), [store]);
  const reviewsProp = props.reviews ?? NO_REVIEWS;
  // Restored reviews (initialReviews) stand until the reviews prop itself changes.
  const appliedReviews = useRef(reviewsProp);
  useEffect(() => {
    if (appliedReviews.current === reviewsProp) return;
    appliedReviews.current = reviewsProp;
    store.setReviews(reviewsProp);
  }, [store, reviewsProp]);

  const [section, setSection] = useState(props.initialSection ?? 0);
  // The pane keeps its open state itself (HeldSubmitPane): a held submit does not re-render the form.
  const pane = useRef<PaneHandle>(null);
  const [busy, setBusy] = useState(false);
  const [reviewBaseline, setReviewBaseline] = useState(reviewsProp);
  const focusRequest = useRef<string | null>(null);
  // The field the user was last on (clicking "next rejected field" moves focus to the button itself).
  const lastField = useRef<string | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const inProgress = submitting ?? busy;
  const count = descriptor.sections.length;
  const current = clampSection(section, count);
  // The host learns where the user is, so a save's remount keeps the user's place.
  useEffect(() => latest.current.onSectionChange?.(current), [current]);

  const mandatory = useMemo(() => {
    const ids = new Set(mandatoryFieldIds(descriptor));
    for (const { field } of fieldIndexOf(descriptor).ordered) if (field.mandatory) ids.add(field.id);
    return ids;
  }, [descriptor]);

  const canFix = props.onStartFix !== undefined;
  const canEndFix = props.onEndFix !== undefined;
  const canShowHistory = props.onFieldHistory !== undefined && (viewType === 'read' || viewType === 'inspect');
  const hasFiles = props.files !== undefined;
  const settings = useMemo<EngineSettings>(
    () => ({
      store,
      intl,
      viewType,
      permissions,
      locks,
      userId,
      valueLabels: props.valueLabels,
      isMandatory: (id) => mandatory.has(id),
      review: (next, action) => {
        store.setReviews(next);
        latest.current.onReview?.(next, action);
      },
      confirm,
      // Callbacks go through `latest`, so a host passing new arrow functions does not re-render
      // every field; only whether fixing is offered at all is part of the settings.
      startFix: canFix ? (path) => latest.current.onStartFix?.(path) : undefined,
      endFix: canEndFix ? (path) => latest.current.onEndFix?.(path) : undefined,
      fieldHistory: canShowHistory ? (path) => latest.current.onFieldHistory?.(path) : undefined,
      // Likewise the file store: only whether there is one changes the settings.
      files: hasFiles
        ? { upload: (path, file) => filesOf(latest.current).upload(path, file), download: (path, value) => filesOf(latest.current).download(path, value) }
        : undefined,
    }),
    [store, intl, viewType, permissions, locks, userId, props.valueLabels, mandatory, confirm, canFix, canEndFix, canShowHistory, hasFiles],
  );

  useEffect(() => {
    const path = focusRequest.current;
    if (!path) return;
    focusRequest.current = null;
    const element = document.getElementById(domIdOf(path));
    element?.focus();
    element?.scrollIntoView?.({ block: 'center' });
  }, [focusTick]);

  const jumpTo = useCallback(
    (path: string): void => {
      const sectionId = fieldIndexOf(descriptor).byId.get(pathFieldId(path))?.sectionId ?? null;
      const target = descriptor.sections.findIndex((s) => s.id === sectionId);
      if (target >= 0) setSection(target);
      pane.current?.close();
      focusRequest.current = path;
      setFocusTick((t) => t + 1);
    },
    [descriptor],
  );

  const settle = (result: MaybePromise): void => {
    const done = (): void => {
      store.resetBaseline();
      setReviewBaseline(store.reviews());
    };
    if (!isPromise(result)) return done();
    setBusy(true);
    // A failed submit clears in-progress and keeps the form dirty (spec §4).
    result.then(
      () => {
        setBusy(false);
        done();
      },
      () => setBusy(false),
    );
  };

  const finish = (kind: SaveKind): void => {
    pane.current?.close();
    const values = store.evaluator.valuesForSubmit();
    if (kind === 'correct') return settle(latest.current.onFormAction?.('correct', { values, reviews: store.reviews() }));
    settle(latest.current.onSubmit?.({ submitType: kind, values, issues: store.allIssues() }));
  };

  const save = (kind: SaveKind): void => {
    if (inProgress) return;
    // Set on the element, not through state, for the same reason as the pane's own state.
    formRef.current?.setAttribute('data-submit-attempted', 'true');
    const issues = store.validateAll();
    if (issues.length > 0) {
      pane.current?.open(kind);
      return;
    }
    finish(kind);
  };

  const formAction = async (action: FormAction): Promise<void> => {
    const title = { approve: messages.approveTitle, reject: messages.rejectTitle, correct: messages.correctTitle }[action];
    // Approve and correct certify the data; rejecting sends it back, and says so in its own words.
    const body =
      action === 'reject'
        ? intl.formatMessage(guideMessages.rejectBody, { fields: openRejectionsInOrder(descriptor, store.reviews(), (path) => store.getValue(path)).length })
        : intl.formatMessage(messages.confirmBody);
    const confirmed = await confirm({ title: intl.formatMessage(title), body });
    if (!confirmed) return;
    if (action === 'correct') return save('correct');
    settle(latest.current.onFormAction?.(action, { values: store.evaluator.valuesForSubmit(), reviews: store.reviews() }));
  };

  // The correct view opens on the host's chosen field (the first rejected one), once per instance.
  const initialFocusPath = useRef(props.initialFocusPath);
  useEffect(() => {
    if (initialFocusPath.current) jumpTo(initialFocusPath.current);
  }, [jumpTo]);

  const nextRejected = (): void => {
    const next = nextOpenRejection(descriptor, openRejectionsInOrder(descriptor, store.reviews(), (path) => store.getValue(path)), lastField.current);
    if (!next) return;
    lastField.current = next;
    jumpTo(next);
  };

  const closePane = (): void => {
    // Closing the held submit's pane still leads to the first problem (spec: focus the first error).
    const first = paneGroups(descriptor, store.allIssues())[0]?.entries[0];
    if (first) jumpTo(first.fieldPath);
    else pane.current?.close();
  };

  return (
    <EngineStoreContext.Provider value={store}>
      <EngineSettingsContext.Provider value={settings}>
        <form
          ref={formRef}
          noValidate
          aria-busy={inProgress || undefined}
          data-submit-in-progress={inProgress || undefined}
          onSubmit={(e) => e.preventDefault()}
          onFocus={(e) => {
            const path = e.target.closest('[data-field]')?.getAttribute('data-field');
            if (path) lastField.current = path;
          }}
        >
          {/* Read-only views show the header compactly, so the clinical data starts within the first screen. */}
          <fieldset className={viewType === 'edit' || viewType === 'new' ? styles.group : styles.headerCompact}>
            <legend>{intl.formatMessage(messages.header)}</legend>
            <FieldList fields={descriptor.commonDataFields} scope="" />
          </fieldset>
          <Grid>
            {!allSections && count > 1 && (
              <Grid.Col span={{ base: 12, md: 3 }}>
                <SectionNav store={store} current={current} onSelect={setSection} />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, md: allSections || count <= 1 ? 12 : 9 }}>
              <SectionList descriptor={descriptor} allSections={allSections} current={current} />
              {!allSections && count > 1 && <SectionSteps current={current} count={count} onSelect={setSection} />}
              <Box mt="md">
                <FormToolbar
                  store={store}
                  viewType={viewType}
                  inProgress={inProgress}
                  canApprove={permissions.approve !== false}
                  approveLevel={props.approveLevel}
                  note={props.toolbarNote}
                  onNextRejected={nextRejected}
                  onSave={save}
                  onFormAction={(a) => void formAction(a)}
                />
              </Box>
            </Grid.Col>
          </Grid>
        </form>
        <HeldSubmitPane
          handle={pane}
          store={store}
          busy={inProgress}
          onClose={closePane}
          onJump={jumpTo}
          onSaveAnyway={finish}
        />
        <LightCalendar handle={calendar} store={store} />
        {dialog}
        {leavePrompt && <LeaveGuard store={store} viewType={viewType} baseline={reviewBaseline} />}
      </EngineSettingsContext.Provider>
    </EngineStoreContext.Provider>
  );
}
