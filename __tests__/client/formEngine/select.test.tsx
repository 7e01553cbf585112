// Select fields: a short option list is rendered as shared markup (no React children), so check
// that it behaves like any select: labelled options, the value selected, changes reported, texts
// escaped; a long list keeps its search box.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadDescriptorOrThrow, type FormDescriptor } from '../../../src/domain/forms';
import { testDescriptorDocument } from '../../helpers/testDescriptor';
import { HEADER, renderEngine } from './engineHarness';

function selectForm(): FormDescriptor {
  const many = Array.from({ length: 25 }, (_, i) => ({ value: `v${i}`, label: `Option ${i}` }));
  return loadDescriptorOrThrow(
    testDescriptorDocument({
      formTypeId: 3,
      displayId: 'SELECT',
      sections: {
        main: [
          { id: 'kind', type: 'singleChoice', options: 'kinds', widget: 'select', mandatory: true },
          { id: 'code', type: 'singleChoice', options: 'many', widget: 'select' },
        ],
      },
      labels: { main: 'Main', kind: 'Kind', code: 'Code' },
      valueLabelMap: {
      kinds: [
        { value: 'a&b', label: 'A & B' },
        { value: 'c', label: '<C> "quoted"' },
      ],
        many,
      },
    }),
  );
}

test('a short select lists its options, shows the value, reports a change, and escapes texts', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderEngine({ descriptor: selectForm(), values: { ...HEADER, kind: 'a&b' }, onChange });
  const kind = screen.getByRole('combobox', { name: 'Kind' });
  expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'A & B', '<C> "quoted"']);
  expect(kind).toHaveValue('a&b');
  await user.selectOptions(kind, 'c');
  expect(onChange).toHaveBeenLastCalledWith('kind', 'c');
  expect(kind).toHaveValue('c');
  expect(kind).toHaveAttribute('aria-required', 'true');
});

test('a select of more than 20 options gets a search box that filters it', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: selectForm(), values: { ...HEADER } });
  const code = screen.getByRole('combobox', { name: 'Code' });
  expect(within(code).getAllByRole('option')).toHaveLength(26);
  await user.type(screen.getByRole('searchbox', { name: 'Search: Code' }), 'Option 2');
  expect(within(code).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Option 2', 'Option 20', 'Option 21', 'Option 22', 'Option 23', 'Option 24']);
});
