// Password change: the current password, then the new one twice (spec auth §5 rules).
import { useEffect, type ReactElement } from 'react';
import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { useFormState } from '../../common/forms/useFormState';
import { NewPasswordInputs } from '../auth/NewPasswordInputs';
import { passwordTexts } from '../auth/passwordMessages';
import { newPasswordErrors } from '../auth/validation';
import { profileActions } from './profile.slice';
import { selectProfile } from './profile.selectors';
import { messages } from './messages';

type Field = 'currentPassword' | 'password' | 'passwordConfirmation';

export function ChangePasswordSection({ focus = false }: { focus?: boolean }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { passwordChange } = useAppSelector(selectProfile);
  const texts = passwordTexts(intl);
  const form = useFormState({
    initialValues: { currentPassword: '', password: '', passwordConfirmation: '' },
    validate: (values) => ({ currentPassword: values.currentPassword === '' ? texts.required : undefined, ...newPasswordErrors(values, texts) }),
    onSubmit: (values) => void dispatch(profileActions.passwordChangeRequested(values)),
  });
  const { resetForm } = form;

  useEffect(() => {
    if (passwordChange.status === 'success') resetForm();
  }, [passwordChange.status, resetForm]);
  useEffect(() => () => void dispatch(profileActions.passwordChangeDismissed()), [dispatch]);

  const error = passwordChange.error;
  const fromServer = serverFieldErrors(intl, error);
  if (error?.code === 'invalid_password') fromServer.currentPassword = intl.formatMessage(messages.invalidPassword);
  const fieldError = (name: Field): string | undefined => form.shownError(name) ?? fromServer[name];
  const otherFailure = passwordChange.status === 'failure' && Object.keys(fromServer).length === 0;

  return (
    <Stack component="section" aria-labelledby="profile-password" gap="sm" id="password">
      <Title order={2} size="h3" id="profile-password">
        {intl.formatMessage(messages.passwordTitle)}
      </Title>
      {passwordChange.status === 'success' && (
        <Alert color="green" role="status">
          {intl.formatMessage(messages.passwordChanged)}
        </Alert>
      )}
      {otherFailure && (
        <Alert color="red" role="alert">
          {error?.message}
        </Alert>
      )}
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack gap="sm" maw={400}>
          <PasswordInput
            label={intl.formatMessage(messages.currentPassword)}
            autoComplete="current-password"
            // Reached from the "Change password" menu entry: start typing at once.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={focus}
            {...form.getFieldProps('currentPassword')}
            error={fieldError('currentPassword')}
          />
          <NewPasswordInputs
            fieldProps={form.getFieldProps}
            errors={{ password: fieldError('password'), passwordConfirmation: fieldError('passwordConfirmation') }}
          />
          <Button type="submit" loading={passwordChange.status === 'request'} style={{ alignSelf: 'flex-start' }}>
            {intl.formatMessage(messages.changePassword)}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
