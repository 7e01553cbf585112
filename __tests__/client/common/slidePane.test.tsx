import { useState, type ReactElement } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SLIDE_PANE_ANIMATION_MS, SLIDE_PANE_WIDTH, SlidePane } from '../../../src/common/slidePane';
import { renderCommon } from './renderCommon';

function PaneHost({ onClose }: { onClose?: () => void }): ReactElement {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        New patient
      </button>
      <SlidePane
        opened={opened}
        title="New patient"
        onClose={() => {
          setOpened(false);
          onClose?.();
        }}
      >
        <label>
          Last name
          <input />
        </label>
      </SlidePane>
    </>
  );
}

describe('SlidePane', () => {
  it('uses the specified width and animation time', () => {
    expect(SLIDE_PANE_WIDTH).toBe(500);
    expect(SLIDE_PANE_ANIMATION_MS).toBe(200);
  });

  it('opens as a dialog named by its title with focus inside, and closes with Escape', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderCommon(<PaneHost onClose={onClose} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'New patient' });
    expect(dialog).toContainElement(screen.getByRole('textbox', { name: 'Last name' }));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Close'],
    ['hu', 'Bezárás'],
  ] as const)('closes with the labelled close button (%s)', async (locale, closeName) => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderCommon(<PaneHost onClose={onClose} />, locale);
    await user.click(screen.getByRole('button', { name: 'New patient' }));

    await user.click(await screen.findByRole('button', { name: closeName }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the pane', async () => {
    const user = userEvent.setup();
    renderCommon(<PaneHost />);
    await user.click(screen.getByRole('button', { name: 'New patient' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
