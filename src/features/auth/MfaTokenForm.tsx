// The second sign-in step: the 6-digit code of the authenticator app (spec auth §2, §5).
import type { ReactElement } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { MFA_TOKEN_PATTERN } from '../../domain/auth/mfa';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormState } from '../../common/forms/useFormState';
import { authActions } from './auth.slice';
import { selectAuth } from './auth.selectors';
import { mfaFailureText } from './authErrorText';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export function MfaTokenForm(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.mfaTitle);
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const codeFormat = intl.formatMessage(messages.mfaCodeFormat);
  const form = useFormState({
    // One field: judge it on submit. An error shown on blur would shift the links below it
    // under the pointer of someone leaving the field to click them.
    validateOnBlur: false,
    validateOnChange: false,
    initialValues: { otpToken: '' },
    validate: ({ otpToken }) => ({ otpToken: MFA_TOKEN_PATTERN.test(otpToken) ? undefined : codeFormat }),
    onSubmit: ({ otpToken }, helpers) => {
      dispatch(authActions.mfaTokenSubmitted({ otpToken }));
      // A code is good for one try: clear it so the next attempt starts empty.
      helpers.resetForm();
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {intl.formatMessage(messages.mfaTitle)}
        </Title>
        <Text size="sm">{intl.formatMessage(messages.mfaIntro)}</Text>
        {auth.step === 'mfaAuthFailure' && (
          <Alert color="red" role="alert">
            {mfaFailureText(intl, auth.errorMessage, false)}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage(messages.mfaCode)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          // The only field of the screen, reached right after the password: start typing at once.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          {...form.getFieldProps('otpToken')}
          onChange={(event) => form.setFieldValue('otpToken', event.currentTarget.value.replace(/\D/g, ''))}
          error={form.shownError('otpToken')}
        />
        <Button type="submit" loading={auth.step === 'mfaAuthRequest'}>
          {intl.formatMessage(messages.verify)}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => dispatch(authActions.recoveryKeyPathChosen())}>
          {intl.formatMessage(messages.useRecoveryKey)}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => dispatch(authActions.logoutRequested())}>
          {intl.formatMessage(messages.startOver)}
        </Anchor>
      </Stack>
    </form>
  );
}
