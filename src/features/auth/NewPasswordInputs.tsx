// The new password twice, with the rules shown above them (spec auth §5); used by the reset,
// the profile's password change and the registration.
import type { ReactElement } from 'react';
import { PasswordInput, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FieldProps } from '../../common/forms/useFormState';
import { passwordMessages } from './passwordMessages';

export interface NewPasswordInputsProps {
  fieldProps: (name: 'password' | 'passwordConfirmation') => FieldProps;
  errors: { password?: string; passwordConfirmation?: string };
  /** Defaults: "New password" / "New password again". */
  labels?: { password: string; confirmation: string };
}

export function NewPasswordInputs({ fieldProps, errors, labels }: NewPasswordInputsProps): ReactElement {
  const intl = useIntl();
  return (
    <>
      <Text size="xs" c="dimmed">
        {intl.formatMessage(passwordMessages.rules)}
      </Text>
      <PasswordInput
        label={labels?.password ?? intl.formatMessage(passwordMessages.newPassword)}
        autoComplete="new-password"
        {...fieldProps('password')}
        error={errors.password}
      />
      <PasswordInput
        label={labels?.confirmation ?? intl.formatMessage(passwordMessages.confirmation)}
        autoComplete="new-password"
        {...fieldProps('passwordConfirmation')}
        error={errors.passwordConfirmation}
      />
    </>
  );
}
