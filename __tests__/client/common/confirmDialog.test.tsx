import { useState, type ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, useConfirm } from '../../../src/common/confirmDialog';
import { renderCommon } from './renderCommon';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}, locale: 'en' | 'hu' = 'en') {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  renderCommon(
    <ConfirmDialog opened title="Delete patient" body="The record is removed." onConfirm={onConfirm} onCancel={onCancel} {...props} />,
    locale,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Delete patient' }) };
}

describe('ConfirmDialog', () => {
  it.each([
    ['en', 'Yes', 'Cancel'],
    ['hu', 'Igen', 'Mégse'],
  ] as const)('offers the default answers (%s) and reports each', async (locale, yes, cancel) => {
    const user = userEvent.setup();
    const { onConfirm, onCancel, dialog } = renderDialog({}, locale);
    expect(dialog).toHaveTextContent('The record is removed.');

    await user.click(within(dialog).getByRole('button', { name: yes }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('treats Escape as cancel and uses given labels', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel, dialog } = renderDialog({ confirmLabel: 'Delete', cancelLabel: 'Keep' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it.each([
    [true, 'Cancel'],
    [false, 'Yes'],
  ])('with danger=%s starts focus on %s', async (danger, focused) => {
    const { dialog } = renderDialog({ danger });
    // Mantine moves focus into the trap after mount, hence waitFor.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: focused })).toHaveFocus());
  });

  it('cannot be answered or dismissed twice while busy', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel, dialog } = renderDialog({ busy: true });
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    expect(yes).toBeDisabled();
    expect(yes).toHaveAttribute('data-loading');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(yes);
    await user.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});

function ConfirmHost(): ReactElement {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () => setAnswer(String(await confirm({ title: 'Approve form?', body: 'Level 2 approval', danger: false })))}
      >
        Approve
      </button>
      <output aria-label="answer">{answer}</output>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it.each([
    ['Yes', 'true'],
    ['Cancel', 'false'],
  ])('resolves after %s with %s and closes', async (button, expected) => {
    const user = userEvent.setup();
    renderCommon(<ConfirmHost />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve form?' });
    expect(dialog).toHaveTextContent('Level 2 approval');
    await user.click(within(dialog).getByRole('button', { name: button }));

    expect(await screen.findByRole('status', { name: 'answer' })).toHaveTextContent(expected);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false on Escape', async () => {
    const user = userEvent.setup();
    renderCommon(<ConfirmHost />);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('status', { name: 'answer' })).toHaveTextContent('false');
  });
});
