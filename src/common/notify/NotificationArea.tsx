// Mantine's notification area, in a chunk of its own (see NotificationsOnDemand).
import type { ReactElement } from 'react';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

export function NotificationArea(): ReactElement {
  return <Notifications />;
}
