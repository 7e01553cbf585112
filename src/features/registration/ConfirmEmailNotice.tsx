// /registration/confirm-email: shown after a successful registration. The address is known only
// in the tab that registered; anyone else gets the same notice without it and the resend form.
import { useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PublicLink } from '../../common/routing/publicNavigation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { registrationActions } from './registration.slice';
import { selectRegistration } from './registration.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export function ConfirmEmailNotice(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.noticeTitle);
  const dispatch = useAppDispatch();
  const { registeredEmail, resend } = useAppSelector(selectRegistration);
  useEffect(() => () => void dispatch(registrationActions.resendLeft()), [dispatch]);

  return (
    <Stack>
      <Title order={1} size="h2">
        {intl.formatMessage(messages.noticeTitle)}
      </Title>
      <Alert color="green" role="status">
        {registeredEmail ? intl.formatMessage(messages.noticeSentTo, { email: registeredEmail }) : intl.formatMessage(messages.noticeSent)}
      </Alert>
      <Text size="sm">{intl.formatMessage(messages.noticeNext)}</Text>
      <Text size="sm">{intl.formatMessage(messages.noticeNoMail)}</Text>
      {resend === 'sent' && (
        <Alert color="green" role="status">
          {intl.formatMessage(messages.resendSent)}
        </Alert>
      )}
      {resend === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.requestFailed)}
        </Alert>
      )}
      {registeredEmail ? (
        <Button
          variant="light"
          loading={resend === 'sending'}
          onClick={() => void dispatch(registrationActions.resendRequested({ email: registeredEmail }))}
        >
          {intl.formatMessage(messages.noticeResend)}
        </Button>
      ) : (
        <Anchor component={PublicLink} to="/registration/resend-confirmation">
          {intl.formatMessage(messages.noticeResend)}
        </Anchor>
      )}
      <Anchor component={PublicLink} to="/login" size="sm">
        {intl.formatMessage(messages.backToSignIn)}
      </Anchor>
    </Stack>
  );
}
