// Shown on every page while impersonating: who acts as whom, and Exit (back to one's own session).
import { useEffect, type ReactElement } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { impersonationActions } from './impersonation.slice';
import { messages } from './messages';

export function ImpersonationBanner(): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const { status, error } = useAppSelector((state) => state.impersonation);

  useEffect(() => {
    if (status !== 'exited') return;
    dispatch(impersonationActions.settled());
    void navigate('/');
  }, [status, dispatch, navigate]);

  if (!user?.impersonator) return null;
  return (
    <Alert color="orange" role="status" py="xs" radius={0}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {intl.formatMessage(messages.banner, { impersonator: user.impersonator.name, user: user.name })}
        </Text>
        <Button size="xs" color="orange" loading={status === 'exiting'} onClick={() => dispatch(impersonationActions.exitRequested())}>
          {intl.formatMessage(messages.exit)}
        </Button>
      </Group>
      {status === 'failed' && error && (
        <Text size="sm" c="red" role="alert">
          {error.message}
        </Text>
      )}
    </Alert>
  );
}
