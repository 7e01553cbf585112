// The first sign-in step: e-mail and password.
import type { ReactElement } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PublicLink } from '../../common/routing/publicNavigation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormState } from '../../common/forms/useFormState';
import { authActions } from './auth.slice';
import { selectAuth } from './auth.selectors';
import { passwordFailureText } from './authErrorText';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export function PasswordLoginForm(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.signInTitle);
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const required = intl.formatMessage(messages.required);
  const form = useFormState({
    initialValues: { username: '', password: '' },
    validate: ({ username, password }) => ({ username: username.trim() === '' ? required : undefined, password: password === '' ? required : undefined }),
    onSubmit: ({ username, password }) => {
      dispatch(authActions.loginRequested({ username: username.trim(), password }));
    },
  });
  const fieldError = form.shownError;

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {intl.formatMessage(messages.signInTitle)}
        </Title>
        {auth.step === 'loggedOut' && auth.errorMessage === 'token_expired' && (
          <Alert color="yellow" role="alert">
            {intl.formatMessage(messages.sessionExpired)}
          </Alert>
        )}
        {auth.step === 'passwordAuthFailure' && (
          <Alert color="red" role="alert">
            {passwordFailureText(intl, auth.error)}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage(messages.email)}
          type="email"
          autoComplete="username"
          {...form.getFieldProps('username')}
          error={fieldError('username')}
        />
        <PasswordInput
          label={intl.formatMessage(messages.password)}
          autoComplete="current-password"
          {...form.getFieldProps('password')}
          error={fieldError('password')}
        />
        <Button type="submit" loading={auth.step === 'passwordAuthRequest'}>
          {intl.formatMessage(messages.submit)}
        </Button>
        <Group justify="space-between">
          <Anchor component={PublicLink} to="/login/forgot-password" size="sm">
            {intl.formatMessage(messages.forgotPassword)}
          </Anchor>
          <Anchor component={PublicLink} to="/registration" size="sm">
            {intl.formatMessage(messages.register)}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
