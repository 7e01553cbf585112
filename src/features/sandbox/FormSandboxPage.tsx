// /sandbox/forms (demo installations only): every demo descriptor in every view type, with local
// state. Saving shows the values that would be sent; persistence comes with the clinical core.
import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Checkbox, Code, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { selectClientConfiguration } from '../../app/startup/clientConfiguration.selectors';
import { NotFoundPage } from '../../common/pages/NotFoundPage';
import {
  endFix,
  loadDescriptorOrThrow,
  startFix,
  VIEW_TYPES,
  type FieldLockMap,
  type FieldReviewMap,
  type FormLocale,
  type FormValues,
  type LockResult,
  type ViewType,
} from '../../domain/forms';
import { buildDemoDescriptor, DEMO_FORMS } from '../../domain/forms/demo';
import { FormEngine, type FormAction, type FormPermissions, type SubmitRequest } from '../../formEngine';
import { selectLocale } from '../locale/locale.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

const VIEW_LABELS = {
  read: messages.viewRead,
  new: messages.viewNew,
  edit: messages.viewEdit,
  inspect: messages.viewInspect,
  correct: messages.viewCorrect,
} as const;

type Notice = 'draftSaved' | 'saved' | 'approved' | 'rejected' | 'corrected';
const ACTION_NOTICES: Record<FormAction, Notice> = { approve: 'approved', reject: 'rejected', correct: 'corrected' };
const NO_VALUES: FormValues = {};
const SANDBOX_USER = 'sandbox';

/** The route element: the sandbox only where the server says it is a demo installation. */
export function FormSandboxRoute(): ReactElement {
  const demoMode = useAppSelector(selectClientConfiguration).data?.demoMode === true;
  return demoMode ? <FormSandboxPage /> : <NotFoundPage />;
}

export function FormSandboxPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const uiLocale = useAppSelector(selectLocale);
  const [displayId, setDisplayId] = useState(DEMO_FORMS[0].displayId);
  const [locale, setLocale] = useState<FormLocale>(uiLocale);
  const [viewType, setViewType] = useState<ViewType>(VIEW_TYPES.new);
  const [noView, setNoView] = useState(false);
  const [hidePersonal, setHidePersonal] = useState(false);
  const [values, setValues] = useState<FormValues>(NO_VALUES);
  const [reviews, setReviews] = useState<FieldReviewMap>({});
  // Fix locks held here, as a form page would hold them on the server: one user, so never refused.
  const [locks, setLocks] = useState<FieldLockMap>({});
  const takeLock = (result: LockResult): void => {
    if (result.ok) setLocks(result.locks);
  };
  const [notice, setNotice] = useState<Notice | null>(null);
  const [submitted, setSubmitted] = useState<FormValues | null>(null);

  const descriptor = useMemo(() => {
    const form = DEMO_FORMS.find((f) => f.displayId === displayId) ?? DEMO_FORMS[0];
    return loadDescriptorOrThrow(buildDemoDescriptor(form, locale));
  }, [displayId, locale]);
  const permissions = useMemo<FormPermissions>(
    () => ({ view: !noView, edit: true, inspect: true, fix: true, censoredFields: hidePersonal ? descriptor.personalDataFields : [] }),
    [noView, hidePersonal, descriptor],
  );

  const startOver = (): void => {
    setValues({});
    setReviews({});
    setLocks({});
    setNotice(null);
    setSubmitted(null);
  };
  const onSubmit = (request: SubmitRequest): void => {
    setNotice(request.submitType === 'draft' ? 'draftSaved' : 'saved');
    setSubmitted(request.values);
  };
  const onFormAction = (action: FormAction, payload: { values: FormValues }): void => {
    setNotice(ACTION_NOTICES[action]);
    setSubmitted(payload.values);
    if (action !== 'reject') setReviews({});
  };

  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      <Text size="sm">{intl.formatMessage(messages.intro)}</Text>
      <Group align="flex-end">
        <NativeSelect
          label={intl.formatMessage(messages.form)}
          value={displayId}
          data={DEMO_FORMS.map((f) => ({ value: f.displayId, label: f.displayId }))}
          onChange={(e) => {
            setDisplayId(e.currentTarget.value);
            startOver();
          }}
        />
        <NativeSelect
          label={intl.formatMessage(messages.language)}
          value={locale}
          data={[
            { value: 'hu', label: 'Magyar' },
            { value: 'en', label: 'English' },
          ]}
          onChange={(e) => setLocale(e.currentTarget.value as FormLocale)}
        />
        <NativeSelect
          label={intl.formatMessage(messages.viewType)}
          value={viewType}
          data={Object.values(VIEW_TYPES).map((v) => ({ value: v, label: intl.formatMessage(VIEW_LABELS[v]) }))}
          onChange={(e) => setViewType(e.currentTarget.value as ViewType)}
        />
        <Checkbox label={intl.formatMessage(messages.noViewPermission)} checked={noView} onChange={(e) => setNoView(e.currentTarget.checked)} />
        <Checkbox label={intl.formatMessage(messages.hidePersonalData)} checked={hidePersonal} onChange={(e) => setHidePersonal(e.currentTarget.checked)} />
        <Button variant="default" onClick={startOver}>
          {intl.formatMessage(messages.startOver)}
        </Button>
      </Group>
      {notice && (
        <Alert color="green" role="status" withCloseButton={false}>
          {intl.formatMessage(messages[notice])}
        </Alert>
      )}
      <FormEngine
        descriptor={descriptor}
        values={values}
        reviews={reviews}
        permissions={permissions}
        viewType={viewType}
        locks={locks}
        onStartFix={(path) => takeLock(startFix(locks, path, SANDBOX_USER))}
        onEndFix={(path) => takeLock(endFix(locks, path, SANDBOX_USER))}
        userId={SANDBOX_USER}
        onChange={() => setNotice(null)}
        onSubmit={onSubmit}
        onReview={(next) => setReviews(next)}
        onFormAction={onFormAction}
      />
      {submitted && (
        <section aria-labelledby="sandbox-submitted">
          <Title order={2} id="sandbox-submitted" size="h4">
            {intl.formatMessage(messages.submittedValues)}
          </Title>
          <Code block>{JSON.stringify(submitted, null, 2)}</Code>
        </section>
      )}
    </Stack>
  );
}
