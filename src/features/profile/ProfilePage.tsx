// /profile: preferences, password change and MFA. /profile/password opens it at the password form.
import type { ReactElement } from 'react';
import { Alert, Divider, Loader, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ChangePasswordSection } from './ChangePasswordSection';
import { MfaSection } from './MfaSection';
import { PreferencesSection } from './PreferencesSection';
import { selectProfile } from './profile.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export function ProfilePage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const { settings, error } = useAppSelector(selectProfile);
  const atPassword = useLocation().pathname.endsWith('/password');
  return (
    <Stack maw={720}>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      {error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadFailed)}
        </Alert>
      )}
      <PreferencesSection />
      <Divider />
      <ChangePasswordSection focus={atPassword} />
      <Divider />
      {settings ? <MfaSection settings={settings} /> : <Loader size="sm" />}
    </Stack>
  );
}
