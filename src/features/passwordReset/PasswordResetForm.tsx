// /login/reset-password#token=…: the new password. The token travels in the URL fragment, which
// browsers never send to a server, so it cannot end up in any access log.
import { useEffect, useMemo, type ReactElement } from 'react';
import { Alert, Anchor, Button, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PublicLink, usePublicLocation } from '../../common/routing/publicNavigation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { useFormState } from '../../common/forms/useFormState';
import { NewPasswordInputs } from '../auth/NewPasswordInputs';
import { passwordTexts } from '../auth/passwordMessages';
import { newPasswordErrors } from '../auth/validation';
import { passwordResetActions } from './passwordReset.slice';
import { selectPasswordReset } from './passwordReset.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

export function PasswordResetForm(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.resetTitle);
  const dispatch = useAppDispatch();
  const location = usePublicLocation();
  const token = useMemo(() => tokenFromHash(location.hash), [location.hash]);
  const { reset, error } = useAppSelector(selectPasswordReset);
  useEffect(() => () => void dispatch(passwordResetActions.screenLeft()), [dispatch]);

  const form = useFormState({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: (values) => newPasswordErrors(values, passwordTexts(intl)),
    onSubmit: (values) => void dispatch(passwordResetActions.newPasswordSubmitted({ token, ...values })),
  });
  const fromServer = serverFieldErrors(intl, error);
  const fieldError = (name: 'password' | 'passwordConfirmation'): string | undefined =>
    form.shownError(name) ?? fromServer[name];
  const linkBroken = !token || error?.code === 'invalid_reset_token';

  return (
    <Stack>
      <Title order={1} size="h2">
        {intl.formatMessage(messages.resetTitle)}
      </Title>
      {reset === 'sent' ? (
        <Alert color="green" role="status">
          {intl.formatMessage(messages.saved)}
        </Alert>
      ) : linkBroken ? (
        <>
          <Alert color="red" role="alert">
            {intl.formatMessage(messages.invalidLink)}
          </Alert>
          <Anchor component={PublicLink} to="/login/forgot-password">
            {intl.formatMessage(messages.requestNew)}
          </Anchor>
        </>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate>
          <Stack>
            {reset === 'failed' && Object.keys(fromServer).length === 0 && (
              <Alert color="red" role="alert">
                {error?.message ?? intl.formatMessage(messages.requestFailed)}
              </Alert>
            )}
            <NewPasswordInputs
              fieldProps={form.getFieldProps}
              errors={{ password: fieldError('password'), passwordConfirmation: fieldError('passwordConfirmation') }}
            />
            <Button type="submit" loading={reset === 'sending'}>
              {intl.formatMessage(messages.save)}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={PublicLink} to="/login" size="sm">
        {intl.formatMessage(messages.backToSignIn)}
      </Anchor>
    </Stack>
  );
}
