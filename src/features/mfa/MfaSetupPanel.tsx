// Turning on two-step verification: the QR code and the key as text, then a code from the app.
// Used by the sign-in step "MFA setup required" and by the profile; the keys follow on success.
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Button, Center, Code, Group, Image, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { MFA_TOKEN_PATTERN } from '../../domain/auth/mfa';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormState } from '../../common/forms/useFormState';
import type { ErrorState } from '../../api/errors';
import { mfaActions } from './mfaSetup.slice';
import { selectMfaSetup } from './mfa.selectors';
import { messages } from './messages';
import { RecoveryKeysPanel } from './RecoveryKeysPanel';
import { secretOf, useQrCode } from './useQrCode';
import { useFormatter } from '../../i18n/useFormatter';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export interface MfaSetupPanelProps {
  context: 'login' | 'profile';
  /** Sign-in only: the date from which MFA is required; skipping is offered before it. */
  mfaEnforcedAt?: string | null;
  /** Called after the user confirmed saving the recovery keys. */
  onDone?: () => void;
}

function errorText(intl: ReturnType<typeof useIntl>, step: string, error: ErrorState | null): string | null {
  if (!error) return null;
  if (step === 'skipFailure') return intl.formatMessage(messages.cannotSkip);
  if (step === 'verifyFailure' && error.status === 400) return intl.formatMessage(messages.invalidToken);
  return error.message ?? intl.formatMessage(messages.setupFailed);
}

export function MfaSetupPanel({ context, mfaEnforcedAt = null, onDone }: MfaSetupPanelProps): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  useDocumentTitle(context === 'login' ? messages.setupTitle : null);
  const dispatch = useAppDispatch();
  const setup = useAppSelector(selectMfaSetup);
  const qrCode = useQrCode(setup.otpUrl);
  // The grace period is judged when the screen opens; the server decides again on a skip.
  const [openedAt] = useState(() => Date.now());
  const canSkip = context === 'login' && mfaEnforcedAt !== null && Date.parse(mfaEnforcedAt) > openedAt;

  // Once, when the panel opens: after the keys are confirmed the state is idle again, and that
  // must not start a second setup.
  useEffect(() => {
    if (setup.step === 'idle') dispatch(mfaActions.setupRequested({ context }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const codeFormat = intl.formatMessage(messages.codeFormat);
  const form = useFormState({
    initialValues: { otpToken: '' },
    validate: ({ otpToken }) => ({ otpToken: MFA_TOKEN_PATTERN.test(otpToken) ? undefined : codeFormat }),
    onSubmit: ({ otpToken }, helpers) => {
      dispatch(mfaActions.verifyRequested({ otpToken }));
      helpers.resetForm();
    },
  });

  if (setup.step === 'verified' && setup.recoveryKeys) return <RecoveryKeysPanel recoveryKeys={setup.recoveryKeys} onConfirmed={onDone} />;

  const failure = errorText(intl, setup.step, setup.errorMessage);
  return (
    <Stack>
      <Title order={context === 'login' ? 1 : 2} size="h2">
        {intl.formatMessage(messages.setupTitle)}
      </Title>
      {context === 'login' && canSkip && mfaEnforcedAt && (
        <Text size="sm">{intl.formatMessage(messages.setupRequiredFrom, { date: format.date(mfaEnforcedAt) })}</Text>
      )}
      {context === 'login' && !canSkip && (
        <Text size="sm">
          {intl.formatMessage(messages.setupRequired)} {intl.formatMessage(messages.cannotSkip)}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {setup.step === 'setupRequest' && (
        <Center>
          <Loader />
        </Center>
      )}
      {setup.step === 'setupFailure' && (
        <Button variant="default" onClick={() => dispatch(mfaActions.setupRequested({ context }))}>
          {intl.formatMessage(messages.retry)}
        </Button>
      )}
      {setup.otpUrl && (
        <form onSubmit={form.handleSubmit} noValidate>
          <Stack>
            <Text size="sm">{intl.formatMessage(messages.scanIntro)}</Text>
            <Center>{qrCode && <Image src={qrCode} alt={intl.formatMessage(messages.qrAlt)} w={200} h={200} />}</Center>
            <Text size="sm" fw={500} id="mfa-secret-label">
              {intl.formatMessage(messages.secretLabel)}
            </Text>
            {/* Wrapped, never scrolled: a scroll box without focusable content is out of a
                keyboard's reach; named by its label for screen readers. */}
            <Code block fz="md" data-testid="mfa-secret" role="group" aria-labelledby="mfa-secret-label" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {secretOf(setup.otpUrl)}
            </Code>
            <TextInput
              label={intl.formatMessage(messages.code)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...form.getFieldProps('otpToken')}
              onChange={(event) => form.setFieldValue('otpToken', event.currentTarget.value.replace(/\D/g, ''))}
              error={form.shownError('otpToken')}
            />
            <Group>
              <Button type="submit" loading={setup.step === 'verifyRequest'}>
                {intl.formatMessage(messages.verify)}
              </Button>
              {canSkip && (
                <Button variant="default" loading={setup.step === 'skipRequest'} onClick={() => dispatch(mfaActions.skipRequested())}>
                  {intl.formatMessage(messages.skip)}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
