// /forms/:formId: one form in the view its state and the user's role call for (edit a draft,
// inspect it as a monitor at the next level, correct it after a rejection, read anything else),
// every write guarded by the form's version (x-form-version), and the form's record in a pane.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import type { ClinicalForm } from '../../api/forms';
import { SlidePane } from '../../common/slidePane';
import { loadDescriptor, type FieldReviewMap, type FieldValue, type FormValues, type ViewType } from '../../domain/forms';
import { FormEngine, type FormAction, type FormPermissions, type SubmitRequest } from '../../formEngine';
import { FormStateBadge } from '../forms/FormStateBadge';
import type { FormState } from '../../domain/forms/lifecycle';
import { formPageActions, type FormWrite } from './formPage.slice';
import { selectFormHistory, selectFormPage } from './formPage.selectors';
import { messages } from './messages';

export const MONITOR_ROLES: readonly string[] = ['monitor_administrator', 'monitor_investigator', 'admin'];

const NO_VALUES: FormValues = {};

/** The view type of a form for a user (the form page's rule). */
export function formViewType(form: Pick<ClinicalForm, 'state' | 'censored'>, roles: readonly string[]): ViewType {
  if (form.censored) return 'read';
  const monitor = roles.some((role) => MONITOR_ROLES.includes(role));
  switch (form.state) {
    case 'draft':
      return 'edit';
    case 'await_inspect':
    case 'corrected':
      return monitor ? 'inspect' : 'read';
    case 'rejected':
    case 'correct_draft':
      return 'correct';
    default:
      return 'read';
  }
}

function toReviews(form: ClinicalForm): FieldReviewMap {
  const reviews: Record<string, FieldReviewMap[string]> = {};
  for (const [path, review] of Object.entries(form.reviews ?? {})) {
    reviews[path] = { reason: review.reason, rejectedValue: review.rejectedValue as FieldValue, ...(review.note ? { correctNote: review.note } : {}) };
  }
  return reviews;
}

function notesOf(reviews: FieldReviewMap): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const [path, review] of Object.entries(reviews)) if (review.correctNote) notes[path] = review.correctNote;
  return notes;
}

function showValue(value: unknown, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function HistoryPane({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const intl = useIntl();
  const history = useAppSelector(selectFormHistory);
  const empty = intl.formatMessage(messages.emptyValue);
  return (
    <SlidePane opened={opened} onClose={onClose} title={intl.formatMessage(messages.historyTitle)}>
      {history.status === 'loading' && <Loader size="sm" />}
      {history.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.historyError)}
        </Alert>
      )}
      {history.status === 'loaded' && history.entries.length === 0 && <Text size="sm">{intl.formatMessage(messages.historyEmpty)}</Text>}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {history.entries.map((entry) => (
          <li key={entry.id}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {entry.operation}
              </Text>
              {entry.level !== null && <Text size="sm">{intl.formatMessage(messages.historyLevel, { level: entry.level })}</Text>}
            </Group>
            <Text size="sm">
              {entry.userName} · {intl.formatDate(entry.at, { dateStyle: 'short', timeStyle: 'short' })}
            </Text>
            {entry.changes.map((change) => (
              <Text size="xs" key={change.path}>
                {intl.formatMessage(messages.historyChange, { path: change.path, old: showValue(change.old, empty), new: showValue(change.new, empty) })}
              </Text>
            ))}
          </li>
        ))}
      </Stack>
    </SlidePane>
  );
}

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

export function FormPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { formId = '' } = useParams();
  const page = useAppSelector(selectFormPage);
  const user = useAppSelector(selectCurrentUser);
  const [historyOpened, setHistoryOpened] = useState(false);
  const pending = useRef<Pending | null>(null);

  useEffect(() => void dispatch(formPageActions.loadRequested(formId)), [dispatch, formId]);

  // The engine's promise settles with the write: a failure keeps the form dirty (and its values).
  useEffect(() => {
    if (page.saveStatus === 'saved') pending.current?.resolve();
    else if (page.saveStatus === 'failed') pending.current?.reject(new Error(page.saveError?.code ?? 'failed'));
    else return;
    pending.current = null;
  }, [page.saveStatus, page.saveError]);

  const write = useCallback(
    (request: FormWrite): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        dispatch(formPageActions.writeRequested(request));
      }),
    [dispatch],
  );

  const form = page.formId === formId ? page.form : null;
  const descriptor = useMemo(() => {
    if (!page.descriptor) return null;
    const result = loadDescriptor(page.descriptor);
    return result.ok ? result.descriptor : null;
  }, [page.descriptor]);
  const reviews = useMemo(() => (form ? toReviews(form) : {}), [form]);
  // The engine's reviews as the user changes them (correct notes travel with a draft correction).
  const currentReviews = useRef<FieldReviewMap>(reviews);
  useEffect(() => {
    currentReviews.current = reviews;
  }, [reviews]);
  const values = (form?.values ?? NO_VALUES) as FormValues;
  const roles = user?.roles ?? [];
  const viewType = form ? formViewType(form, roles) : 'read';
  const level = (form?.approvals.length ?? 0) + 1;
  const permissions = useMemo<FormPermissions>(
    () => ({ view: true, edit: viewType === 'edit' || viewType === 'correct', inspect: viewType === 'inspect', fix: false }),
    [viewType],
  );

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
            rejections: Object.entries(payload.reviews).map(([path, review]) => ({ path, reason: review.reason })),
          });
        case 'correct':
          return write({ kind: 'correct', finalized: true, values: payload.values, notes: notesOf(payload.reviews) });
      }
    },
    [write, level],
  );

  const openHistory = (): void => {
    setHistoryOpened(true);
    dispatch(formPageActions.historyRequested());
  };

  const loading = page.status === 'loading' || page.status === 'idle';
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1}>{intl.formatMessage(messages.title, { id: form?.displayId ?? formId })}</Title>
          {form && <FormStateBadge state={form.state as FormState} />}
        </Group>
        {form && !form.censored && (
          <Button variant="light" onClick={openHistory}>
            {intl.formatMessage(messages.history)}
          </Button>
        )}
      </Group>
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
      {page.stale ? (
        <Alert color="yellow" role="alert">
          <Stack gap="xs" align="flex-start">
            {intl.formatMessage(messages.stale)}
            <Button size="xs" variant="light" onClick={() => dispatch(formPageActions.loadRequested(formId))}>
              {intl.formatMessage(messages.loadCurrent)}
            </Button>
          </Stack>
        </Alert>
      ) : (
        page.saveStatus === 'failed' && (
          <Alert color="red" role="alert">
            {intl.formatMessage(messages.saveError)}
          </Alert>
        )
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
          reviews={reviews}
          permissions={permissions}
          viewType={viewType}
          userId={user?.id}
          onSubmit={onSubmit}
          onFormAction={onFormAction}
          onReview={(next) => {
            currentReviews.current = next;
          }}
        />
      )}
      <HistoryPane opened={historyOpened} onClose={() => setHistoryOpened(false)} />
    </Stack>
  );
}
