// The feedback form of the failure view (spec auth §2): name, e-mail, comments.
import type { ReactElement } from 'react';
import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import * as yup from 'yup';
import { isValidEmail } from '../../domain/auth/email';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { clientErrorsActions } from '../../features/clientErrors/clientErrors.slice';
import { selectClientErrors } from '../../features/clientErrors/clientErrors.selectors';
import { messages } from './messages';

export function FeedbackForm(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { feedback } = useAppSelector(selectClientErrors);
  const schema = yup.object({
    name: yup.string().max(200),
    email: yup
      .string()
      .max(320)
      .test('email', intl.formatMessage(messages.invalidEmail), (value) => !value || isValidEmail(value.trim())),
    comments: yup.string().trim().required(intl.formatMessage(messages.commentsRequired)).max(5000),
  });
  const formik = useFormik({
    initialValues: { name: '', email: '', comments: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(
        clientErrorsActions.feedbackSubmitted({
          name: values.name.trim() || undefined,
          email: values.email.trim() || undefined,
          comments: values.comments.trim(),
        }),
      );
    },
  });

  if (feedback === 'sent') return <Alert color="green">{intl.formatMessage(messages.sent)}</Alert>;

  const fieldError = (name: 'name' | 'email' | 'comments'): string | undefined =>
    formik.touched[name] ? formik.errors[name] : undefined;

  return (
    <form onSubmit={formik.handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label={intl.formatMessage(messages.name)} autoComplete="name" {...formik.getFieldProps('name')} error={fieldError('name')} />
        <TextInput
          label={intl.formatMessage(messages.email)}
          type="email"
          autoComplete="email"
          {...formik.getFieldProps('email')}
          error={fieldError('email')}
        />
        <Textarea
          label={intl.formatMessage(messages.comments)}
          required
          autosize
          minRows={3}
          {...formik.getFieldProps('comments')}
          error={fieldError('comments')}
        />
        {feedback === 'failed' && <Alert color="red">{intl.formatMessage(messages.sendFailed)}</Alert>}
        <Button type="submit" loading={feedback === 'sending'}>
          {intl.formatMessage(messages.submit)}
        </Button>
      </Stack>
    </form>
  );
}
