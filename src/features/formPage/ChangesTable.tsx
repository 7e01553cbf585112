// Field by field: where the user started, the server's value now, and the user's value, each row
// marked with who changed it. Used by the stale-version panel and the backup offer.
import { useMemo, type ReactElement } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FormDescriptor } from '../../domain/forms';
import { messages } from './messages';
import type { FieldChange } from './valueDiff';
import { pathLabel, pathOrder, valueText } from './valueText';

interface ChangesTableProps {
  changes: readonly FieldChange[];
  descriptor: FormDescriptor | null;
}

function ChangeBadge({ change }: { change: FieldChange }): ReactElement {
  const intl = useIntl();
  if (change.conflict) return <Badge color="red">{intl.formatMessage(messages.changeConflict)}</Badge>;
  if (change.server && change.user) return <Badge color="gray">{intl.formatMessage(messages.changeSame)}</Badge>;
  if (change.server) return <Badge color="yellow">{intl.formatMessage(messages.changeServer)}</Badge>;
  return <Badge color="blue">{intl.formatMessage(messages.changeMine)}</Badge>;
}

export function ChangesTable({ changes, descriptor }: ChangesTableProps): ReactElement {
  const intl = useIntl();
  // Listed as the form shows its fields, not in the order the values object happens to hold them.
  const rows = useMemo(
    () =>
      changes
        .map((change) => ({ change, order: pathOrder(descriptor, change.path) }))
        .sort((a, b) => a.order - b.order || a.change.path.localeCompare(b.change.path, undefined, { numeric: true }))
        .map(({ change }) => change),
    [changes, descriptor],
  );
  if (rows.length === 0) return <Text size="sm">{intl.formatMessage(messages.noChanges)}</Text>;
  const show = (change: FieldChange, value: unknown): string => valueText(intl, descriptor, change.path, value);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder>
        <Table.Caption>{intl.formatMessage(messages.changesCaption)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage(messages.columnField)}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage(messages.columnStarted)}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage(messages.columnServer)}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage(messages.columnMine)}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage(messages.columnChange)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((change) => (
            <Table.Tr key={change.path} data-conflict={change.conflict || undefined}>
              <Table.Th scope="row">{pathLabel(intl, descriptor, change.path)}</Table.Th>
              <Table.Td>{show(change, change.base)}</Table.Td>
              <Table.Td>{show(change, change.theirs)}</Table.Td>
              <Table.Td>{show(change, change.mine)}</Table.Td>
              <Table.Td>
                <ChangeBadge change={change} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
