// The box map by role and keyboard: a grid of rows and columns whose cells say their row, column
// and holder; arrow keys move, Enter or Space choose a free position; occupied ones cannot be chosen.
import { useState, type ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { BoxMap, type BoxPosition } from '../../../src/features/biobank/BoxMap';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { box } from './biobankFixtures';

function Chooser({ onChoose, currentSampleId }: { onChoose: (p: BoxPosition) => void; currentSampleId?: string }): ReactElement {
  const [chosen, setChosen] = useState<BoxPosition | null>(null);
  return (
    <BoxMap
      box={box({ occupied: [{ row: 1, column: 2, sampleId: 's-9', sampleNumber: 'RAB-000009' }, { row: 3, column: 4, sampleId: 's-1', sampleNumber: 'RAB-000001' }] })}
      currentSampleId={currentSampleId}
      chosen={chosen}
      onChoose={(p) => {
        setChosen(p);
        onChoose(p);
      }}
    />
  );
}

test('the box is a grid of its rows and columns; each cell names its row, column and holder', () => {
  renderWithProviders(<Chooser onChoose={jest.fn()} currentSampleId="s-1" />);
  const grid = screen.getByRole('grid', { name: 'Box Box A: 3 rows, 4 columns' });
  expect(screen.getAllByRole('row')).toHaveLength(3);
  expect(screen.getAllByRole('gridcell')).toHaveLength(12);
  expect(grid).toContainElement(screen.getByRole('gridcell', { name: 'row 2, column 3, free' }));
  const taken = screen.getByRole('gridcell', { name: 'row 1, column 2, holds RAB-000009' });
  expect(taken).toHaveAttribute('aria-disabled', 'true');
  expect(taken).toHaveAttribute('title', 'row 1, column 2, holds RAB-000009');
  // The sample's own position is shown as its own, not as taken.
  expect(screen.getByRole('gridcell', { name: 'row 3, column 4, this sample (RAB-000001)' })).not.toHaveAttribute('aria-disabled');
});

test('arrow keys move through the grid, Enter chooses a free position and Space another', () => {
  const onChoose = jest.fn();
  renderWithProviders(<Chooser onChoose={onChoose} />);
  const first = screen.getByRole('gridcell', { name: 'row 1, column 1, free' });
  expect(first).toHaveAttribute('tabindex', '0');
  first.focus();
  fireEvent.keyDown(first, { key: 'ArrowDown' });
  fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
  fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
  expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: 'row 2, column 3, free' }));
  fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
  expect(onChoose).toHaveBeenLastCalledWith({ row: 2, column: 3 });
  const chosen = screen.getByRole('gridcell', { name: 'row 2, column 3, chosen' });
  expect(chosen).toHaveAttribute('aria-selected', 'true');
  expect(chosen).toHaveAttribute('tabindex', '0');

  // Moving stops at the edge of the box.
  for (let i = 0; i < 5; i += 1) fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: 'row 3, column 3, free' }));
  fireEvent.keyDown(document.activeElement as Element, { key: ' ' });
  expect(onChoose).toHaveBeenLastCalledWith({ row: 3, column: 3 });
});

test('an occupied position cannot be chosen, by key or by click; a free one is chosen by a click', () => {
  const onChoose = jest.fn();
  renderWithProviders(<Chooser onChoose={onChoose} />);
  const taken = screen.getByRole('gridcell', { name: 'row 1, column 2, holds RAB-000009' });
  fireEvent.click(taken);
  taken.focus();
  fireEvent.keyDown(taken, { key: 'Enter' });
  expect(onChoose).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('gridcell', { name: 'row 3, column 1, free' }));
  expect(onChoose).toHaveBeenCalledWith({ row: 3, column: 1 });
});

test('in Hungarian the cells speak Hungarian', () => {
  renderWithProviders(<Chooser onChoose={jest.fn()} />, { locale: 'hu' });
  expect(screen.getByRole('grid', { name: 'Box A doboz: 3 sor, 4 oszlop' })).toBeInTheDocument();
  expect(screen.getByRole('gridcell', { name: '1. sor, 2. oszlop, foglalja: RAB-000009' })).toBeInTheDocument();
});
