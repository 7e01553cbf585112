import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createGridQuery } from '../../../src/common/dataGrid';
import { GridHost, patients } from './gridFixtures';
import { renderCommon } from './renderCommon';

describe('DataGrid paging', () => {
  it('shows page x of y and the total, and moves with next/last/previous/first', async () => {
    const user = userEvent.setup();
    const onQueryChange = jest.fn();
    renderCommon(<GridHost total={57} onQueryChange={onQueryChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 1 of 6')).toBeInTheDocument();
    expect(screen.getByText('Total: 57')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 10, limit: 10 }));
    expect(within(nav).getByText('Page 2 of 6')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Last page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 50 }));
    expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 40 }));
    await user.click(within(nav).getByRole('button', { name: 'First page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 0 }));
  });

  it('changes the page size from the chooser and returns to the first page', async () => {
    const user = userEvent.setup();
    const onQueryChange = jest.fn();
    renderCommon(<GridHost total={57} onQueryChange={onQueryChange} initialQuery={{ ...createGridQuery(), offset: 30 }} />);
    const chooser = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(chooser).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '50', '100']);

    await user.selectOptions(chooser, '20');
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 0, limit: 20 }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('starts from the perPage preference, offering it even when it is not a standard size', () => {
    renderCommon(<GridHost total={57} initialQuery={createGridQuery(25)} />);
    const chooser = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(chooser).toHaveValue('25');
    expect(within(chooser).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '25', '50', '100']);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('speaks Hungarian in the pager', () => {
    renderCommon(<GridHost total={57} />, 'hu');
    const nav = screen.getByRole('navigation', { name: 'Lapozás' });
    expect(within(nav).getByText('1. oldal / 6')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Következő oldal' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Sorok oldalanként' })).toBeInTheDocument();
    expect(screen.getByText('Összesen: 57')).toBeInTheDocument();
  });

  it('says "more than" for a capped total, keeps next open past its pages and has no last page', async () => {
    const user = userEvent.setup();
    const onQueryChange = jest.fn();
    renderCommon(<GridHost total={20} totalCapped onQueryChange={onQueryChange} initialQuery={{ ...createGridQuery(), offset: 10 }} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 2 of more than 2')).toBeInTheDocument();
    expect(screen.getByText('Total: more than 20')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Last page' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 20 }));
  });

  it('says "more than" in Hungarian too', () => {
    renderCommon(<GridHost total={10000} totalCapped />, 'hu');
    expect(within(screen.getByRole('navigation', { name: 'Lapozás' })).getByText('1. oldal / több mint 1000')).toBeInTheDocument();
    // Numbers in the language's form: a space groups the thousands in Hungarian.
    expect(screen.getByText('Összesen: több mint 10 000')).toBeInTheDocument();
  });
});

describe('DataGrid states', () => {
  it.each([
    ['en', 'Loading data…'],
    ['hu', 'Adatok betöltése…'],
  ] as const)('announces loading (%s) and keeps the current rows, marked busy', (locale, text) => {
    renderCommon(<GridHost loading />, locale);
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('cell', { name: patients[0].name })).toBeInTheDocument();
  });

  it('is not busy and says nothing in the status region when idle', () => {
    renderCommon(<GridHost />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it.each([
    ['en', 'Error loading data!', 'Retry'],
    ['hu', 'Hiba az adatok betöltésekor!', 'Újrapróbálás'],
  ] as const)('shows the load error (%s) instead of rows, with detail and retry', async (locale, text, retry) => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const error = { code: 'server', message: 'Service unavailable', status: 503 };
    renderCommon(<GridHost error={error} onRetry={onRetry} />, locale);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent('Service unavailable (503)');
    expect(screen.queryByRole('cell', { name: patients[0].name })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the error without a retry button when the feature offers none', () => {
    renderCommon(<GridHost error={{ code: 'network' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading data!');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'No data available!'],
    ['hu', 'Nincs megjeleníthető adat!'],
  ] as const)('says the list is empty (%s)', (locale, text) => {
    renderCommon(<GridHost rows={[]} total={0} />, locale);
    expect(screen.getByRole('cell', { name: text })).toBeInTheDocument();
  });

  it('does not claim emptiness while the first page is still loading', () => {
    renderCommon(<GridHost rows={[]} total={0} loading />);
    expect(screen.queryByText('No data available!')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading data…');
  });
});
