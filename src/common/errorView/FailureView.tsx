// The generic failure view (spec auth §2, business §8 "Crash page"): the team has been notified,
// a feedback form, and a warning when the report itself was blocked in the browser.
import { lazy, Suspense, type ReactElement } from 'react';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { selectClientErrors } from '../../features/clientErrors/clientErrors.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../pages/useDocumentTitle';

// The form library comes with the form, only to a page that failed, not with every page.
const FeedbackForm = lazy(async () => ({ default: (await import('./FeedbackForm')).FeedbackForm }));

export function FailureView(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const { reportingBlocked } = useAppSelector(selectClientErrors);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{intl.formatMessage(messages.title)}</Title>
        <Text>{intl.formatMessage(messages.notified)}</Text>
        {reportingBlocked && (
          <Alert color="yellow" role="alert">
            {intl.formatMessage(messages.adblock)}
          </Alert>
        )}
        <Text>{intl.formatMessage(messages.feedbackIntro)}</Text>
        <Suspense fallback={null}>
          <FeedbackForm />
        </Suspense>
        <Button variant="subtle" onClick={() => window.location.reload()}>
          {intl.formatMessage(messages.reload)}
        </Button>
      </Stack>
    </Container>
  );
}
