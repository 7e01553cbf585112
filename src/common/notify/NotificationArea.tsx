// Mantine's notification area, in a chunk of its own (see NotificationsOnDemand).
import type { ReactElement } from 'react';
import { Notifications } from '@mantine/notifications';

export function NotificationArea(): ReactElement {
  return <Notifications />;
}
