import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FILTER_DEBOUNCE_MS } from '../../../src/common/dataGrid';
import { GridHost } from './gridFixtures';
import { renderCommon } from './renderCommon';

function columnHeader(name: string): HTMLElement {
  return screen.getAllByRole('columnheader').find((th) => th.textContent?.includes(name)) as HTMLElement;
}

describe('DataGrid rows and sorting', () => {
  it('renders a labelled table with one row per item and the cell renderers', () => {
    renderCommon(<GridHost />);
    const table = screen.getByRole('table', { name: 'Patients' });
    const [, body] = within(table).getAllByRole('rowgroup');
    const bodyRows = within(body).getAllByRole('row');
    expect(bodyRows).toHaveLength(3);
    expect(within(bodyRows[1]).getByRole('cell', { name: 'Nagy Béla' })).toBeInTheDocument();
    expect(within(bodyRows[1]).getByRole('cell', { name: 'Szeged' })).toBeInTheDocument();
  });

  it('cycles a sortable header asc → desc → none, by API field, with aria-sort', async () => {
    const user = userEvent.setup();
    const onQueryChange = jest.fn();
    renderCommon(<GridHost onQueryChange={onQueryChange} initialQuery={{ offset: 20, limit: 10, filter: [], sort: [] }} />);
    const button = screen.getByRole('button', { name: 'Name' });
    expect(columnHeader('Name')).toHaveAttribute('aria-sort', 'none');

    await user.click(button);
    expect(onQueryChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ offset: 0, sort: [{ field: 'lastName', direction: 'asc' }] }),
    );
    expect(columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(button);
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: [{ field: 'lastName', direction: 'desc' }] }));
    expect(columnHeader('Name')).toHaveAttribute('aria-sort', 'descending');

    await user.click(button);
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: [] }));
    expect(columnHeader('Name')).toHaveAttribute('aria-sort', 'none');
  });

  it('sorts by one column at a time and is usable from the keyboard', async () => {
    const user = userEvent.setup();
    const onQueryChange = jest.fn();
    renderCommon(<GridHost onQueryChange={onQueryChange} />);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    screen.getByRole('button', { name: 'Institute' }).focus();
    await user.keyboard('{Enter}');
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: [{ field: 'institute', direction: 'asc' }] }));
    expect(columnHeader('Name')).toHaveAttribute('aria-sort', 'none');
    expect(columnHeader('Institute')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('renders unsortable headers as plain text without aria-sort', () => {
    renderCommon(<GridHost />);
    expect(screen.queryByRole('button', { name: 'Status' })).not.toBeInTheDocument();
    expect(columnHeader('Status')).not.toHaveAttribute('aria-sort');
  });

  it('shows an applied sort from the incoming query', () => {
    renderCommon(<GridHost initialQuery={{ offset: 0, limit: 10, filter: [], sort: [{ field: 'lastName', direction: 'desc' }] }} />);
    expect(columnHeader('Name')).toHaveAttribute('aria-sort', 'descending');
  });
});

describe('DataGrid filters', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('debounces a text filter into one substring clause and returns to the first page', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onQueryChange = jest.fn();
    renderCommon(<GridHost onQueryChange={onQueryChange} initialQuery={{ offset: 30, limit: 10, filter: [], sort: [] }} />);

    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'Kov');
    act(() => jest.advanceTimersByTime(FILTER_DEBOUNCE_MS - 50));
    expect(onQueryChange).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(50));
    expect(onQueryChange).toHaveBeenCalledTimes(1);
    expect(onQueryChange).toHaveBeenCalledWith({
      offset: 0,
      limit: 10,
      sort: [],
      filter: [{ field: 'lastName', operator: '=@', value: 'Kov' }],
    });
  });

  it('uses == for an exact column, applies at once on Enter, and clearing removes the clause', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onQueryChange = jest.fn();
    renderCommon(<GridHost onQueryChange={onQueryChange} />);
    const input = screen.getByRole('textbox', { name: 'Filter by Identifier' });

    await user.type(input, ' p2 {Enter}');
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ filter: [{ field: 'id', operator: '==', value: 'p2' }] }));

    await user.clear(input);
    act(() => jest.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ filter: [] }));
    expect(onQueryChange).toHaveBeenCalledTimes(2);
  });

  it('applies a select filter immediately and "All" removes it, keeping other clauses', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onQueryChange = jest.fn();
    const initialQuery = { offset: 0, limit: 10, sort: [], filter: [{ field: 'lastName', operator: '=@' as const, value: 'Nagy' }] };
    renderCommon(<GridHost onQueryChange={onQueryChange} initialQuery={initialQuery} />);
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('Nagy');
    const select = screen.getByRole('combobox', { name: 'Filter by Status' });

    await user.selectOptions(select, 'Active');
    expect(onQueryChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        filter: [
          { field: 'lastName', operator: '=@', value: 'Nagy' },
          { field: 'status', operator: '==', value: 'active' },
        ],
      }),
    );
    await user.selectOptions(select, 'All');
    expect(onQueryChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ filter: [{ field: 'lastName', operator: '=@', value: 'Nagy' }] }),
    );
  });

  it('labels filter inputs in Hungarian', () => {
    renderCommon(<GridHost />, 'hu');
    expect(screen.getByRole('textbox', { name: 'Szűrés: Name' })).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Szűrés: Status' })).getByRole('option', { name: 'Összes' })).toBeInTheDocument();
  });
});
