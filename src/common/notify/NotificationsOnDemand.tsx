// The notification area (Mantine's Notifications, with its transitions, drag and scroll helpers)
// is not needed to show a page, only to show a notice: it is downloaded when the first notice is
// shown (8 kB compressed). The notice waits in Mantine's notifications store meanwhile and
// appears with it.
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useNotifications } from '@mantine/notifications';

const NotificationArea = lazy(() => import('./NotificationArea').then((module) => ({ default: module.NotificationArea })));

export function NotificationsOnDemand(): ReactElement | null {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Once mounted it stays: the area animates notices out and keeps its own queue.
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationArea />
    </Suspense>
  );
}
