// /forms/:formId: one form in the view the operations the server offers call for (edit a draft,
// inspect it as a monitor at the next level, correct it after a rejection, read anything else),
// every write guarded by the form's version (x-form-version), and the form's record in a pane.
// A write that meets a newer version shows what changed (StaleChangesPanel); unsaved work kept
// in the browser is offered back (BackupOffer). Both lock the form until the user has chosen, so
// that nothing typed meanwhile is lost to the remount that follows the choice.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { getAt, openRejections, type FieldReviewMap, type FieldValue, type FormValues } from '../../domain/forms';
import { setAt } from '../../domain/forms/valueAccess';
import { FormEngine, type FormAction, type FormPermissions, type SubmitRequest } from '../../formEngine';
import { BackupOffer } from './BackupOffer';
import { FormStanding } from './FormStanding';
import { formPageActions, type FormWrite } from './formPage.slice';
import { selectFormBackupEnabled, selectFormPage } from './formPage.selectors';
import { firstOpenRejection, formViewType, inspectLevel, notesOf, restoredReviews, toReviews } from './formView';
import { FormActions } from './FormActions';
import { FieldHistoryPane, HistoryPane } from './HistoryPane';
import { FormBioSamplesPanel } from '../biobank/FormBioSamplesPanel';
import { messages } from './messages';
import { StaleChangesPanel } from './StaleChangesPanel';
import { useBackupWriter } from './useBackupWriter';
import { useFixing } from './useFixing';
import { useFormDescriptor } from './useFormDescriptor';
import { useFormFiles } from './useFormFiles';
import { useFocusKept, useFormNotices } from './useFormFeedback';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

const NO_VALUES: FormValues = {};

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

const ATTENDANCE_ROLES: ReadonlySet<string> = new Set(['patient', 'physician', 'institute']);

export function FormPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { formId = '' } = useParams();
  const page = useAppSelector(selectFormPage);
  const user = useAppSelector(selectCurrentUser);
  const backupEnabled = useAppSelector(selectFormBackupEnabled);
  const navigate = useNavigate();
  const [historyOpened, setHistoryOpened] = useState(false);
  const [fieldHistoryOpened, setFieldHistoryOpened] = useState(false);
  // The section the user is on: a save remounts the engine, which must not jump back to section 1.
  const [place, setPlace] = useState({ formId, section: 0 });
  const onSectionChange = useCallback((section: number) => setPlace({ formId, section }), [formId]);
  const pending = useRef<Pending | null>(null);
  // Uploads and downloads of file-upload fields; the form shown always exists on the server.
  const files = useFormFiles(formId);

  useEffect(() => void dispatch(formPageActions.loadRequested(formId)), [dispatch, formId]);

  // The engine's promise settles with the write: a failure keeps the form dirty (and its values).
  useEffect(() => {
    if (page.saveStatus === 'saved') pending.current?.resolve();
    else if (page.saveStatus === 'failed') pending.current?.reject(new Error(page.saveError?.code ?? 'failed'));
    else return;
    pending.current = null;
  }, [page.saveStatus, page.saveError]);

  const form = page.formId === formId ? page.form : null;
  useDocumentTitle(messages.title, { id: form?.displayId ?? formId });
  const descriptor = useFormDescriptor(page.descriptor);
  // On the form's reviews, not the form: a fix lock taken changes the form but not its reviews.
  const formReviews = form?.reviews;
  const reviews = useMemo(() => (formReviews ? toReviews({ reviews: formReviews }) : {}), [formReviews]);
  const values = form?.values ?? NO_VALUES;
  const restored = page.restored;
  const initialReviews = useMemo(() => restoredReviews(reviews, restored, values), [reviews, restored, values]);
  const startValues = restored?.values ?? values;

  // What the user is editing, followed through the engine's onChange (the engine holds the live
  // values): a plain copy for the backup, and the reviews for correct notes.
  const editing = useRef<FormValues>({});
  const currentReviews = useRef<FieldReviewMap>(reviews);
  useEffect(() => {
    editing.current = structuredClone(startValues);
    currentReviews.current = initialReviews ?? reviews;
  }, [startValues, initialReviews, reviews]);

  const { changed: backupChanged, flush: flushBackup } = useBackupWriter(backupEnabled, () =>
    dispatch(formPageActions.backupChanged({ values: structuredClone(editing.current), notes: notesOf(currentReviews.current) })),
  );

  const fixing = useFixing(form, user?.id, editing);
  const { touched } = fixing;
  const onChange = useCallback(
    (path: string, value: FieldValue): void => {
      touched(path);
      try {
        setAt(editing.current, path, structuredClone(value));
      } catch {
        // An entry the copy does not hold yet: the multi-field's own change brings it whole.
      }
      backupChanged();
    },
    [backupChanged, touched],
  );
  const onReview = useCallback(
    (next: FieldReviewMap): void => {
      currentReviews.current = next;
      backupChanged();
    },
    [backupChanged],
  );

  useFormNotices(page.notice);
  const standing = useRef<HTMLDivElement>(null);
  const keepFocus = useFocusKept(form, standing);

  const write = useCallback(
    (request: FormWrite): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        keepFocus();
        // The backup holds the last keystrokes before the write: a failed save must not lose them.
        flushBackup();
        pending.current = { resolve, reject };
        dispatch(formPageActions.writeRequested(request));
      }),
    [dispatch, flushBackup, keepFocus],
  );

  const locked = page.stale !== null || page.backup !== null;
  const viewType = form && !locked ? formViewType(form) : 'read';
  const level = form ? inspectLevel(form) : 1;
  // The correct view opens on the first rejected field whenever the form is read; not after the
  // user's own save (the engine remounts with the saved form and the user stays where they were).
  const firstRejected = viewType === 'correct' && descriptor && form && page.saveStatus !== 'saved' ? firstOpenRejection(descriptor, form) : undefined;
  // The header's patient, physician and institute belong to the attendance: shown by name, never typed;
  // fields repeating the patient record (date of birth, sex) come from the patient, so they are not typed either.
  const { patientFields } = page;
  const attendanceFields = useMemo(
    () => [...(descriptor?.commonDataFields ?? []).filter((field) => ATTENDANCE_ROLES.has(field.role)).map((field) => field.id), ...patientFields],
    [descriptor, patientFields],
  );
  const operations = form?.operations;
  const mayFix = operations?.some((o) => o.operation === 'fix') === true;
  const mayApprove = operations?.some((o) => o.operation === 'approve') === true;
  const permissions = useMemo<FormPermissions>(
    () => ({ view: true, edit: viewType === 'edit' || viewType === 'correct', inspect: viewType === 'inspect', fix: mayFix, approve: mayApprove, readOnlyFields: attendanceFields }),
    [viewType, attendanceFields, mayFix, mayApprove],
  );
  // Four eyes: the page says why Approve is not offered.
  const fourEyes = form?.fourEyes;
  const toolbarNote = fourEyes
    ? fourEyes.reason === 'approved_level'
      ? intl.formatMessage(messages.fourEyesApprovedLevel, { level: fourEyes.level ?? 1 })
      : intl.formatMessage(messages.fourEyesWroteValues)
    : undefined;

  const onSubmit = useCallback(
    (request: SubmitRequest): Promise<void> => {
      const submit = request.submitType === 'submit';
      if (viewType === 'correct') return write({ kind: 'correct', finalized: false, values: request.values, notes: notesOf(currentReviews.current) });
      return write({ kind: 'update', values: request.values, submit });
    },
    [viewType, write],
  );

  const onFormAction = useCallback(
    (action: FormAction, payload: { values: FormValues; reviews: FieldReviewMap }): Promise<void> => {
      switch (action) {
        case 'approve':
          return write({ kind: 'approve', level });
        case 'reject':
          return write({
            kind: 'reject',
            level,
            // Only this round's rejections: answered ones of a corrected form are the previous round's.
            rejections: openRejections(payload.reviews, (path) => getAt(payload.values, path)).map((path) => ({ path, reason: payload.reviews[path].reason })),
          });
        case 'correct':
          return write({ kind: 'correct', finalized: true, values: payload.values, notes: notesOf(payload.reviews) });
      }
    },
    [write, level],
  );

  const openFieldHistory = useCallback(
    (path: string): void => {
      // The record names changes by top-level field: an entry of a multi-field shows its field's history.
      dispatch(formPageActions.fieldHistoryRequested(path.split(/[.[]/)[0]));
      setFieldHistoryOpened(true);
    },
    [dispatch],
  );

  const openHistory = (): void => {
    setHistoryOpened(true);
    dispatch(formPageActions.historyRequested());
  };

  // Back to where forms are found: the patient's attendance list at this form's attendance (the
  // leave prompt still guards unsaved work); the dashboard when the patient is not known.
  const patientId = page.formId === formId ? page.patientId : null;
  const attendanceId = form?.attendanceId;
  const close = useCallback((): void => {
    void navigate(patientId && attendanceId ? `/patients/${patientId}/attendances#attendance-${attendanceId}` : '/');
  }, [navigate, patientId, attendanceId]);

  const loading = page.status === 'loading' || page.status === 'idle';
  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <FormStanding ref={standing} formId={formId} form={form} next={page.next} />
        <Group gap="xs" wrap="nowrap">
          {form && !locked && <FormActions form={form} onGone={close} />}
          {form && !form.censored && (
            <Button variant="light" onClick={openHistory}>
              {intl.formatMessage(messages.history)}
            </Button>
          )}
          <Button variant="default" onClick={close}>
            {intl.formatMessage(messages.close)}
          </Button>
        </Group>
      </Group>
      {form && page.disqualified && (
        <Alert color="gray" variant="outline" role="status">
          {intl.formatMessage(messages.disqualified, { reason: page.disqualified.reason ?? '' })}
        </Alert>
      )}
      {loading && !form && <Loader size="sm" aria-label={intl.formatMessage(messages.loading)} />}
      {page.status === 'failed' && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            {intl.formatMessage(messages.loadError)}
            <Button size="xs" variant="light" onClick={() => dispatch(formPageActions.loadRequested(formId))}>
              {intl.formatMessage(messages.retry)}
            </Button>
          </Stack>
        </Alert>
      )}
      <StaleChangesPanel descriptor={descriptor} />
      {page.fixError && (
        <Alert color="red" role="alert">
          {page.fixError.message ?? intl.formatMessage(messages.fixError)}
        </Alert>
      )}
      {page.saveStatus === 'failed' && !page.stale && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.saveError)}
        </Alert>
      )}
      {form && <BackupOffer descriptor={descriptor} />}
      {restored && page.saveStatus !== 'saved' && (
        <Alert color="blue" role="status">
          {intl.formatMessage(messages.restoredNotice)}
        </Alert>
      )}
      {form && !form.censored && page.status === 'loaded' && !descriptor && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.descriptorError)}
        </Alert>
      )}
      {form?.censored && (
        <Alert color="gray" role="status">
          {intl.formatMessage(messages.noPermission)}
        </Alert>
      )}
      {form && !form.censored && descriptor && (
        <FormEngine
          descriptor={descriptor}
          values={values}
          initialValues={restored?.values}
          reviews={reviews}
          initialReviews={initialReviews}
          permissions={permissions}
          valueLabels={page.headerLabels}
          viewType={viewType}
          userId={user?.id}
          locks={fixing.locks}
          onStartFix={mayFix ? fixing.onStartFix : undefined}
          onEndFix={mayFix ? fixing.onEndFix : undefined}
          onFieldHistory={openFieldHistory}
          approveLevel={level}
          initialFocusPath={firstRejected}
          initialSection={place.formId === formId ? place.section : 0}
          onSectionChange={onSectionChange}
          toolbarNote={toolbarNote}
          onChange={onChange}
          onSubmit={onSubmit}
          onFormAction={onFormAction}
          onReview={onReview}
          files={files}
        />
      )}
      {patientId && <FormBioSamplesPanel formId={formId} patientId={patientId} />}
      <HistoryPane opened={historyOpened} onClose={() => setHistoryOpened(false)} descriptor={descriptor} />
      <FieldHistoryPane opened={fieldHistoryOpened} onClose={() => setFieldHistoryOpened(false)} descriptor={descriptor} />
    </Stack>
  );
}
