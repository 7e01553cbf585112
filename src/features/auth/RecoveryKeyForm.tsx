// Sign-in with a recovery key instead of the authenticator code, with a way back (spec auth §2).
import type { ReactElement } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { normalizeRecoveryKey, RECOVERY_KEY_PATTERN } from '../../domain/auth/mfa';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormState } from '../../common/forms/useFormState';
import { authActions } from './auth.slice';
import { selectAuth } from './auth.selectors';
import { mfaFailureText } from './authErrorText';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export function RecoveryKeyForm(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.recoveryTitle);
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const formatMessage = intl.formatMessage(messages.recoveryKeyFormat);
  const form = useFormState({
    // One field: judge it on submit. An error shown on blur would shift the links below it
    // under the pointer of someone leaving the field to click them.
    validateOnBlur: false,
    validateOnChange: false,
    initialValues: { recoveryKey: '' },
    validate: ({ recoveryKey }) => ({ recoveryKey: RECOVERY_KEY_PATTERN.test(normalizeRecoveryKey(recoveryKey)) ? undefined : formatMessage }),
    onSubmit: ({ recoveryKey }, helpers) => {
      dispatch(authActions.recoveryKeySubmitted({ recoveryKey: normalizeRecoveryKey(recoveryKey) }));
      helpers.resetForm();
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {intl.formatMessage(messages.recoveryTitle)}
        </Title>
        <Text size="sm">{intl.formatMessage(messages.recoveryIntro)}</Text>
        {auth.step === 'mfaRecoveryKeyFailure' && (
          <Alert color="red" role="alert">
            {mfaFailureText(intl, auth.errorMessage, true)}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage(messages.recoveryKey)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          {...form.getFieldProps('recoveryKey')}
          error={form.shownError('recoveryKey')}
        />
        <Button type="submit" loading={auth.step === 'mfaRecoveryKeyRequest'}>
          {intl.formatMessage(messages.verify)}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => dispatch(authActions.recoveryKeyBack())}>
          {intl.formatMessage(messages.backToToken)}
        </Anchor>
      </Stack>
    </form>
  );
}
