// The profile's MFA section: set it up, get new recovery keys, or turn it off; the last two ask
// for the password again. What the account's MFA policy does not allow is not offered.
import { useState, type ReactElement } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useIntl, type IntlShape } from 'react-intl';
import type { ErrorState } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ProfileSettings } from '../../api/profile';
import { MfaSetupPanel } from '../mfa/MfaSetupPanel';
import { RecoveryKeysPanel } from '../mfa/RecoveryKeysPanel';
import { mfaActions } from '../mfa/mfaSetup.slice';
import { selectMfaManagement, selectMfaSetup } from '../mfa/mfa.selectors';
import { PasswordPrompt } from './PasswordPrompt';
import { messages } from './messages';

type Mode = 'view' | 'setup' | 'regenerate' | 'disable';

function failureText(intl: IntlShape, error: ErrorState | null, fallback: string): string | null {
  if (!error) return null;
  if (error.code === 'invalid_password') return intl.formatMessage(messages.invalidPassword);
  if (error.code === 'mfa_not_configured') return intl.formatMessage(messages.mfaNotConfigured);
  return fallback;
}

export function MfaSection({ settings }: { settings: ProfileSettings }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const management = useAppSelector(selectMfaManagement);
  const setup = useAppSelector(selectMfaSetup);
  const [mode, setMode] = useState<Mode>('view');
  const close = (): void => {
    setMode('view');
    dispatch(mfaActions.managementReset());
  };

  const regeneratedKeys = mode === 'regenerate' && setup.step === 'verified' ? setup.recoveryKeys : null;
  const disabled = mode === 'disable' && management.disable === 'done';

  let body: ReactElement;
  if (settings.mfaPolicy === 'forbidden') {
    body = <Text size="sm">{intl.formatMessage(messages.mfaForbidden)}</Text>;
  } else if (mode === 'setup') {
    body = (
      <>
        <MfaSetupPanel context="profile" onDone={close} />
        {setup.step !== 'verified' && (
          <Button
            variant="default"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              dispatch(mfaActions.setupCancelled());
              close();
            }}
          >
            {intl.formatMessage(messages.cancel)}
          </Button>
        )}
      </>
    );
  } else if (regeneratedKeys) {
    body = <RecoveryKeysPanel recoveryKeys={regeneratedKeys} onConfirmed={close} />;
  } else if (mode === 'regenerate') {
    body = (
      <PasswordPrompt
        hint={intl.formatMessage(messages.regenerateHint)}
        submitLabel={intl.formatMessage(messages.regenerate)}
        busy={management.regenerate === 'request'}
        error={failureText(intl, management.error, intl.formatMessage(messages.regenerationFailed))}
        onSubmit={(password) => dispatch(mfaActions.regenerateRequested({ password }))}
        onCancel={close}
      />
    );
  } else if (mode === 'disable' && !disabled) {
    body = (
      <PasswordPrompt
        hint={intl.formatMessage(messages.disableHint)}
        submitLabel={intl.formatMessage(messages.disable)}
        danger
        busy={management.disable === 'request'}
        error={failureText(intl, management.error, intl.formatMessage(messages.disablingFailed))}
        onSubmit={(password) => dispatch(mfaActions.disableRequested({ password }))}
        onCancel={close}
      />
    );
  } else if (settings.mfaEnabled) {
    body = (
      <>
        <Text size="sm">{intl.formatMessage(messages.mfaOn)}</Text>
        {settings.mfaPolicy === 'enforced' && <Text size="sm">{intl.formatMessage(messages.mfaEnforced)}</Text>}
        <Group>
          <Button variant="default" onClick={() => setMode('regenerate')}>
            {intl.formatMessage(messages.regenerate)}
          </Button>
          {settings.mfaPolicy !== 'enforced' && (
            <Button variant="default" color="red" onClick={() => setMode('disable')}>
              {intl.formatMessage(messages.disable)}
            </Button>
          )}
        </Group>
      </>
    );
  } else {
    body = (
      <>
        {disabled && (
          <Alert color="green" role="status">
            {intl.formatMessage(messages.disabled)}
          </Alert>
        )}
        <Text size="sm">{intl.formatMessage(messages.mfaNotConfigured)}</Text>
        <Button style={{ alignSelf: 'flex-start' }} onClick={() => setMode('setup')}>
          {intl.formatMessage(messages.enable)}
        </Button>
      </>
    );
  }

  return (
    <Stack component="section" aria-labelledby="profile-mfa" gap="sm">
      <Title order={2} size="h3" id="profile-mfa">
        {intl.formatMessage(messages.mfaTitle)}
      </Title>
      {body}
    </Stack>
  );
}
