// /login/forgot-password: ask for a reset link. The answer is the same whether or not the address
// has an account, so the screen says "if".
import { useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { passwordMessages } from '../auth/passwordMessages';
import { emailSchema } from '../auth/validation';
import { passwordResetActions } from './passwordReset.slice';
import { selectPasswordReset } from './passwordReset.selectors';
import { messages } from './messages';

export function PasswordResetRequestForm(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { request } = useAppSelector(selectPasswordReset);
  useEffect(() => () => void dispatch(passwordResetActions.screenLeft()), [dispatch]);
  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: yup.object({
      email: emailSchema(intl.formatMessage(passwordMessages.required), intl.formatMessage(passwordMessages.invalidEmail)),
    }),
    onSubmit: ({ email }) => void dispatch(passwordResetActions.resetLinkRequested({ email: email.trim() })),
  });

  return (
    <Stack>
      <Title order={1} size="h2">
        {intl.formatMessage(messages.requestTitle)}
      </Title>
      {request === 'sent' ? (
        <Alert color="green" role="status">
          {intl.formatMessage(messages.sent)}
        </Alert>
      ) : (
        <form onSubmit={formik.handleSubmit} noValidate>
          <Stack>
            <Text size="sm">{intl.formatMessage(messages.requestIntro)}</Text>
            {request === 'failed' && (
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
            <Button type="submit" loading={request === 'sending'}>
              {intl.formatMessage(messages.send)}
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
