// A password asked again before a sensitive MFA action (spec auth §5).
import type { ReactElement } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import * as yup from 'yup';
import { passwordMessages } from '../auth/passwordMessages';
import { messages } from './messages';

export interface PasswordPromptProps {
  hint: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  danger?: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

export function PasswordPrompt({ hint, submitLabel, busy, error, danger = false, onSubmit, onCancel }: PasswordPromptProps): ReactElement {
  const intl = useIntl();
  const formik = useFormik({
    initialValues: { password: '' },
    validationSchema: yup.object({ password: yup.string().required(intl.formatMessage(passwordMessages.required)) }),
    onSubmit: ({ password }) => onSubmit(password),
  });
  return (
    <form onSubmit={formik.handleSubmit} noValidate>
      <Stack gap="sm" maw={400}>
        <Text size="sm">{hint}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput
          label={intl.formatMessage(messages.password)}
          autoComplete="current-password"
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          {...formik.getFieldProps('password')}
          error={formik.touched.password ? formik.errors.password : undefined}
        />
        <Group>
          <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
