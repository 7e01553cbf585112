// /registration/resend-confirmation: a new confirmation link. The server answers the same for any
// address, so the screen says "if".
import { useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { passwordMessages } from '../auth/passwordMessages';
import { emailSchema } from '../auth/validation';
import { registrationActions } from './registration.slice';
import { selectRegistration } from './registration.selectors';
import { messages } from './messages';

export function ResendConfirmationForm(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { resend, registeredEmail } = useAppSelector(selectRegistration);
  useEffect(() => () => void dispatch(registrationActions.resendLeft()), [dispatch]);
  const formik = useFormik({
    initialValues: { email: registeredEmail ?? '' },
    validationSchema: yup.object({
      email: emailSchema(intl.formatMessage(passwordMessages.required), intl.formatMessage(passwordMessages.invalidEmail)),
    }),
    onSubmit: ({ email }) => void dispatch(registrationActions.resendRequested({ email: email.trim() })),
  });

  return (
    <Stack>
      <Title order={1} size="h2">
        {intl.formatMessage(messages.resendTitle)}
      </Title>
      {resend === 'sent' ? (
        <Alert color="green" role="status">
          {intl.formatMessage(messages.resendSent)}
        </Alert>
      ) : (
        <form onSubmit={formik.handleSubmit} noValidate>
          <Stack>
            <Text size="sm">{intl.formatMessage(messages.resendIntro)}</Text>
            {resend === 'failed' && (
              <Alert color="red" role="alert">
                {intl.formatMessage(messages.requestFailed)}
              </Alert>
            )}
            <TextInput
              label={intl.formatMessage(messages.email)}
              type="email"
              autoComplete="email"
              {...formik.getFieldProps('email')}
              error={formik.touched.email ? formik.errors.email : undefined}
            />
            <Button type="submit" loading={resend === 'sending'}>
              {intl.formatMessage(messages.resendSend)}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {intl.formatMessage(messages.backToSignIn)}
      </Anchor>
    </Stack>
  );
}
