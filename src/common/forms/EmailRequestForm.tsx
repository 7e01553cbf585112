// "Send me a link" screens: one e-mail field, then a notice. The server answers the same whether
// or not the address has an account, so the notice is worded with "if" by the caller.
import type { ReactElement } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PublicLink } from '../routing/publicNavigation';
import { passwordMessages } from '../../features/auth/passwordMessages';
import { emailError } from '../../features/auth/validation';
import { useFormState } from './useFormState';
import { useDocumentTitle } from '../pages/useDocumentTitle';

export interface EmailRequestFormProps {
  /** All texts already localized. */
  texts: { title: string; intro: string; email: string; send: string; sent: string; failed: string; back: string };
  status: 'idle' | 'sending' | 'sent' | 'failed';
  initialEmail?: string;
  onSubmit: (email: string) => void;
}

export function EmailRequestForm({ texts, status, initialEmail = '', onSubmit }: EmailRequestFormProps): ReactElement {
  const intl = useIntl();
  useDocumentTitle(texts.title);
  const form = useFormState({
    initialValues: { email: initialEmail },
    validate: ({ email }) => ({ email: emailError(email, intl.formatMessage(passwordMessages.required), intl.formatMessage(passwordMessages.invalidEmail)) }),
    onSubmit: ({ email }) => onSubmit(email.trim()),
  });

  return (
    <Stack>
      <Title order={1} size="h2">
        {texts.title}
      </Title>
      {status === 'sent' ? (
        <Alert color="green" role="status">
          {texts.sent}
        </Alert>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate>
          <Stack>
            <Text size="sm">{texts.intro}</Text>
            {status === 'failed' && (
              <Alert color="red" role="alert">
                {texts.failed}
              </Alert>
            )}
            <TextInput
              label={texts.email}
              type="email"
              autoComplete="email"
              {...form.getFieldProps('email')}
              error={form.shownError('email')}
            />
            <Button type="submit" loading={status === 'sending'}>
              {texts.send}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={PublicLink} to="/login" size="sm">
        {texts.back}
      </Anchor>
    </Stack>
  );
}
