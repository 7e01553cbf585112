// /registration/confirm/:userId#token=…: the e-mailed link. The token travels in the URL fragment,
// which browsers never send to a server, so it cannot end up in any access log; the page posts it
// once on arrival.
import { useEffect, useMemo, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { tokenFromHash } from '../passwordReset/PasswordResetForm';
import { registrationActions } from './registration.slice';
import { selectRegistration } from './registration.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { PublicLink, usePublicLocation } from '../../common/routing/publicNavigation';

export const EMAIL_CONFIRMATION_FAILED = 'email_confirmation_failed';

/** `userId`: the link's path segment after /registration/confirm/. */
export function EmailConfirmationPage({ userId }: { userId: string }): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.confirmTitle);
  const dispatch = useAppDispatch();
  const location = usePublicLocation();
  const token = useMemo(() => tokenFromHash(location.hash), [location.hash]);
  const { confirmation, confirmationError } = useAppSelector(selectRegistration);
  const linkComplete = userId !== '' && token !== '';

  useEffect(() => {
    if (linkComplete) dispatch(registrationActions.confirmationRequested({ userId, token }));
    return () => void dispatch(registrationActions.confirmationLeft());
  }, [dispatch, linkComplete, userId, token]);

  // The server's refusal (bad, used or expired link) has the spec's text; a failure to reach it
  // may pass, so it can be retried.
  const refused = !linkComplete || (confirmation === 'failed' && confirmationError?.code === EMAIL_CONFIRMATION_FAILED);

  return (
    <Stack>
      <Title order={1} size="h2">
        {intl.formatMessage(messages.confirmTitle)}
      </Title>
      {refused ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.confirmFailed)}
        </Alert>
      ) : confirmation === 'confirmed' ? (
        <Alert color="green" role="status">
          {intl.formatMessage(messages.confirmSuccess)}
        </Alert>
      ) : confirmation === 'failed' ? (
        <>
          <Alert color="red" role="alert">
            {confirmationError?.message ?? intl.formatMessage(messages.requestFailed)}
          </Alert>
          <Button variant="light" onClick={() => void dispatch(registrationActions.confirmationRequested({ userId, token }))}>
            {intl.formatMessage(messages.retry)}
          </Button>
        </>
      ) : (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{intl.formatMessage(messages.confirmInProgress)}</Text>
        </Group>
      )}
      <Anchor component={PublicLink} to="/login" size="sm">
        {intl.formatMessage(messages.backToSignIn)}
      </Anchor>
    </Stack>
  );
}
