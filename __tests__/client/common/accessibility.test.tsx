// axe over the rendered components catches unlabeled controls and broken ARIA that role
// queries alone would miss. Colour contrast needs real layout, which jsdom does not have, and
// "region" is a whole-page rule: these components are checked alone, outside any page layout.
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { ConfirmDialog } from '../../../src/common/confirmDialog';
import { SlidePane } from '../../../src/common/slidePane';
import { GridHost } from './gridFixtures';
import { renderCommon } from './renderCommon';

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of the shared components', () => {
  it('DataGrid with filters, sorting and pager', async () => {
    renderCommon(<GridHost total={57} />);
    expect(await violations()).toEqual([]);
  });

  it('DataGrid in its error state', async () => {
    renderCommon(<GridHost error={{ code: 'server', message: 'Down', status: 503 }} onRetry={() => undefined} />);
    expect(await violations()).toEqual([]);
  });

  it('SlidePane when open', async () => {
    renderCommon(
      <SlidePane opened title="New patient" onClose={() => undefined}>
        <p>Content</p>
      </SlidePane>,
    );
    expect(screen.getByRole('dialog', { name: 'New patient' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('ConfirmDialog when open', async () => {
    renderCommon(<ConfirmDialog opened title="Delete?" body="Sure?" danger onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Delete?' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });
});
