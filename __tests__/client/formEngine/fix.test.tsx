// The per-field fix switch: a user with fix permission starts fixing a field (read, inspect and
// correct views), the host takes the lock through onStartFix and passes it back in `locks`, the
// field renders in its fix mode, and onEndFix releases it. A field another user fixes says so.
import { useState, type ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldLockMap, FieldReviewMap, ViewType } from '../../../src/domain/forms';
import { FormEngine, type FormEngineProps } from '../../../src/formEngine';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { ALL, demo, fieldBox, HEADER, renderEngine, smallForm, TODAY } from './engineHarness';

const values = { ...HEADER, code: 'C-1', note: 'hello world', name: 'Kiss', age: 40 };
const descriptor = smallForm();

/** A page holding the locks as the form page would: start takes the lock, end releases it. */
function LockingHost(props: Partial<FormEngineProps> & { viewType: ViewType; onLocks?: (locks: FieldLockMap) => void }): ReactElement {
  const [locks, setLocks] = useState<FieldLockMap>({});
  const change = (next: FieldLockMap): void => {
    setLocks(next);
    props.onLocks?.(next);
  };
  return (
    <FormEngine
      descriptor={descriptor}
      values={values}
      permissions={ALL}
      today={TODAY}
      userId="u1"
      leavePrompt={false}
      {...props}
      locks={locks}
      onStartFix={(path) => change({ ...locks, [path]: { userId: 'u1' } })}
      onEndFix={(path) => {
        const { [path]: _released, ...rest } = locks;
        change(rest);
      }}
    />
  );
}

test('inspect: a monitor starts fixing a field, edits it in its fix mode, and finishes', async () => {
  const user = userEvent.setup();
  const onLocks = jest.fn();
  const onChange = jest.fn();
  renderWithProviders(<LockingHost viewType="inspect" onLocks={onLocks} onChange={onChange} />);
  const code = fieldBox(screen.getByLabelText('Code'));
  expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
  // A compact action beside the label, named with its field, like the reject action.
  const start = within(code).getByRole('button', { name: /^Start fixing: / });
  expect(start).toHaveAccessibleName('Start fixing: Code');

  await user.click(start);
  expect(onLocks).toHaveBeenLastCalledWith({ code: { userId: 'u1' } });
  const input = screen.getByRole('textbox', { name: 'Code' });
  expect(input).toHaveValue('C-1');
  expect(within(code).getByText('You are fixing this field')).toBeInTheDocument();
  expect(within(code).queryByRole('button', { name: /^Start fixing: / })).not.toBeInTheDocument();
  // Only the fixed field became editable.
  expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();

  await user.type(input, '0');
  expect(onChange).toHaveBeenLastCalledWith('code', 'C-10');
  await user.click(within(code).getByRole('button', { name: 'Finish fixing' }));
  expect(onLocks).toHaveBeenLastCalledWith({});
  expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
  expect(within(code).getByRole('button', { name: /^Start fixing: / })).toBeInTheDocument();
});

test('read and correct views offer fixing too; in correct view a rejected field is corrected, not fixed', async () => {
  const user = userEvent.setup();
  const { unmount } = renderWithProviders(<LockingHost viewType="read" />);
  await user.click(within(fieldBox(screen.getByLabelText('Code'))).getByRole('button', { name: /^Start fixing: / }));
  expect(screen.getByRole('textbox', { name: 'Code' })).toBeInTheDocument();
  unmount();

  const reviews: FieldReviewMap = { code: { reason: 'Wrong code', rejectedValue: 'C-1' } };
  renderWithProviders(<LockingHost viewType="correct" reviews={reviews} />);
  expect(within(fieldBox(screen.getByLabelText('Code'))).queryByRole('button', { name: /^Start fixing: / })).not.toBeInTheDocument();
  await user.click(within(fieldBox(screen.getByLabelText('Note'))).getByRole('button', { name: /^Start fixing: / }));
  expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('hello world');
  expect(within(fieldBox(screen.getByLabelText('Note'))).getByRole('button', { name: 'Finish fixing' })).toBeInTheDocument();
});

test('no fixing without the fix permission, without a host callback, or in new and edit views', () => {
  const cases: Partial<FormEngineProps>[] = [
    { viewType: 'inspect', permissions: { ...ALL, fix: false }, userId: 'u1', onStartFix: jest.fn() },
    { viewType: 'inspect', userId: 'u1' },
    { viewType: 'edit', userId: 'u1', onStartFix: jest.fn() },
    { viewType: 'new', userId: 'u1', onStartFix: jest.fn() },
  ];
  for (const props of cases) {
    const { unmount } = renderEngine({ descriptor, values, ...props });
    expect([props, screen.queryAllByRole('button', { name: /^Start fixing: / })]).toEqual([props, []]);
    unmount();
  }
});

test('a field another user is fixing is read-only and says so', () => {
  renderEngine({ descriptor, values, viewType: 'inspect', userId: 'u1', locks: { code: { userId: 'u2' } }, onStartFix: jest.fn() });
  const code = fieldBox(screen.getByLabelText('Code'));
  expect(within(code).getByText('Another user is fixing this field')).toBeInTheDocument();
  expect(within(code).queryByRole('button', { name: /^Start fixing: / })).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
  // The other fields can still be fixed by this user.
  expect(within(fieldBox(screen.getByLabelText('Note'))).getByRole('button', { name: /^Start fixing: / })).toBeInTheDocument();
});

test('calculated fields offer no fixing: nobody types into them', () => {
  renderEngine({ descriptor: demo('RA-BASELINE'), values: HEADER, viewType: 'read', userId: 'u1', onStartFix: jest.fn(), allSections: true });
  expect(within(fieldBox(screen.getByLabelText('DAS28-ESR'))).queryByRole('button', { name: /^Start fixing: / })).not.toBeInTheDocument();
  expect(within(fieldBox(screen.getByLabelText('ESR'))).getByRole('button', { name: /^Start fixing: / })).toBeInTheDocument();
});

test('the fix buttons are labelled in Hungarian', async () => {
  const user = userEvent.setup();
  renderWithProviders(<LockingHost viewType="inspect" descriptor={smallForm('hu')} />, { locale: 'hu' });
  const code = fieldBox(screen.getByLabelText('Code'));
  await user.click(within(code).getByRole('button', { name: /^Javítás megkezdése: / }));
  expect(within(code).getByText('Ön javítja ezt a mezőt')).toBeInTheDocument();
  expect(within(code).getByRole('button', { name: 'Javítás befejezése' })).toBeInTheDocument();
});

test('a field the page holds read-only (a header field of the attendance) offers no fix', () => {
  renderWithProviders(<LockingHost viewType="inspect" permissions={{ ...ALL, readOnlyFields: ['code'] }} />);
  expect(within(fieldBox(screen.getByText('C-1'))).queryByRole('button', { name: /^Start fixing: / })).not.toBeInTheDocument();
  expect(within(fieldBox(screen.getByText('hello world'))).getByRole('button', { name: /^Start fixing: / })).toBeInTheDocument();
});
