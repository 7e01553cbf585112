// A wide table's horizontal scroll box that keyboard users can reach: a scrollable region without
// anything focusable inside cannot be scrolled without a mouse (WCAG 2.1.1, axe
// scrollable-region-focusable), so the box itself takes focus and is named like its content.
import type { ReactElement, ReactNode } from 'react';
import { Box } from '@mantine/core';

export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }): ReactElement {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
