// /admin/access/schemes: per scheme, its permission codes, for both kinds of entry. Generated from
// the domain model (schemeTable), the same table docs/permissions.md carries.
import type { ReactElement } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ScrollRegion } from '../../common/layout/ScrollRegion';
import { PERMISSION_SCHEMES } from '../../domain/permissions/schemes';
import { schemeTable } from '../../domain/permissions/schemeTable';
import type { AccessEntryKind } from '../../domain/permissions/entries';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

function SchemeTable({ kind }: { kind: AccessEntryKind }): ReactElement {
  const intl = useIntl();
  const title = intl.formatMessage(kind === 'registry' ? messages.registryList : messages.biobankList);
  return (
    <ScrollRegion label={title} minWidth={900}>
      <Table striped withTableBorder aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(messages.code)}</Table.Th>
            {PERMISSION_SCHEMES.map((scheme) => (
              <Table.Th key={scheme}>{scheme}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schemeTable(kind).map((row) => (
            <Table.Tr key={row.code}>
              <Table.Td>{row.code}</Table.Td>
              {PERMISSION_SCHEMES.map((scheme) => (
                <Table.Td key={scheme}>{row.marks[scheme] === 'explicit' ? '✓' : row.marks[scheme] === 'implicit' ? intl.formatMessage(messages.implicit) : ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

export function PermissionSchemesPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.schemes);
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.schemes)}</Title>
      <Text size="sm">{intl.formatMessage(messages.implicitLegend)}</Text>
      <Title order={2}>{intl.formatMessage(messages.registryList)}</Title>
      <SchemeTable kind="registry" />
      <Title order={2}>{intl.formatMessage(messages.biobankList)}</Title>
      <SchemeTable kind="biobank" />
    </Stack>
  );
}
