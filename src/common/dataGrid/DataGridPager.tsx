// Paging controls under the grid: first/previous/next/last, "page x of y", the total and the
// page-size chooser. Positions are derived from offset/limit so the query stays the one truth. A
// capped total ("more than n") has no known last page: next stays open, last is closed.
import type { ReactElement } from 'react';
import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatNumber, localeOf } from '../../i18n/format';
import { pageCount, pageSizeChoices } from './gridQuery';
import { messages } from './messages';

interface DataGridPagerProps {
  offset: number;
  limit: number;
  total: number;
  totalCapped: boolean;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (limit: number) => void;
}

export function DataGridPager({ offset, limit, total, totalCapped, onPageChange, onPageSizeChange }: DataGridPagerProps): ReactElement {
  const intl = useIntl();
  const number = (value: number): string => formatNumber(localeOf(intl.locale), value);
  const pages = pageCount(total, limit);
  // Clamp: after a delete the last page may no longer exist until the saga answers.
  const pageIndex = Math.min(Math.floor(offset / Math.max(1, limit)), pages - 1);
  const atStart = pageIndex <= 0;
  const atEnd = !totalCapped && pageIndex >= pages - 1;

  const controls = [
    { label: messages.firstPage, glyph: '«', target: 0, disabled: atStart },
    { label: messages.previousPage, glyph: '‹', target: pageIndex - 1, disabled: atStart },
    { label: messages.nextPage, glyph: '›', target: pageIndex + 1, disabled: atEnd },
    { label: messages.lastPage, glyph: '»', target: pages - 1, disabled: atEnd || totalCapped },
  ];
  const buttons = controls.map((control) => (
    <ActionIcon
      key={control.label.id}
      variant="default"
      aria-label={intl.formatMessage(control.label)}
      disabled={control.disabled}
      onClick={() => onPageChange(control.target)}
    >
      <span aria-hidden="true">{control.glyph}</span>
    </ActionIcon>
  ));

  return (
    <Group justify="space-between" mt="sm" wrap="wrap">
      <Group component="nav" aria-label={intl.formatMessage(messages.pagination)} gap="xs">
        {buttons.slice(0, 2)}
        <Text size="sm">{intl.formatMessage(totalCapped ? messages.pageInfoCapped : messages.pageInfo, { page: number(pageIndex + 1), pages: number(pages) })}</Text>
        {buttons.slice(2)}
      </Group>
      <Group gap="md">
        <Text size="sm">{intl.formatMessage(totalCapped ? messages.totalCapped : messages.total, { total: number(total) })}</Text>
        <NativeSelect
          size="xs"
          label={intl.formatMessage(messages.pageSize)}
          data={pageSizeChoices(limit).map(String)}
          value={String(limit)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
      </Group>
    </Group>
  );
}
