// The notification area is downloaded with the first notice (App renders NotificationsOnDemand):
// a page without notices does not load it, and the first notice mounts it. Mantine's area itself
// cannot mount in jsdom (its listeners take an AbortSignal jsdom refuses), so a stand-in takes its place.
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { notify } from '../../../src/common/notify';
import { NotificationsOnDemand } from '../../../src/common/notify/NotificationsOnDemand';

const mockLoaded = jest.fn();
jest.mock('../../../src/common/notify/NotificationArea', () => {
  mockLoaded();
  return { NotificationArea: () => <div>notification area</div> };
});

afterEach(() => act(() => notifications.clean()));

test('loads no notification area until a notice is shown, then mounts it', async () => {
  render(
    <MantineProvider env="test">
      <NotificationsOnDemand />
    </MantineProvider>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(mockLoaded).not.toHaveBeenCalled();
  expect(screen.queryByText('notification area')).toBeNull();
  act(() => notify('Draft saved'));
  expect(await screen.findByText('notification area')).toBeInTheDocument();
  expect(mockLoaded).toHaveBeenCalledTimes(1);
});
