// /admin/registries (central admins): the registries list and one registry in detail (spec §2
// "Registries and form types"): names, type, group, managers, target count, data collection
// period, periods with their allowed form types, randomization, and its form types.
import { useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Loader, Stack, Table, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ErrorState } from '../../api/errors';
import type { Registry } from '../../api/registries';
import { formTypesActions } from './formTypes.slice';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export function LoadFailure({ error }: { error: ErrorState | null }): ReactElement {
  const intl = useIntl();
  return (
    <Alert color="red" role="alert">
      {intl.formatMessage(messages.loadFailed)}
      {error?.message ? `: ${error.message}` : ''}
    </Alert>
  );
}

export function RegistriesPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const { status, items, error } = useAppSelector((state) => state.formTypes.registries);
  useEffect(() => void dispatch(formTypesActions.registriesRequested()), [dispatch]);
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      {status === 'failed' && <LoadFailure error={error} />}
      {status === 'loading' && <Loader size="sm" />}
      <Table aria-label={intl.formatMessage(messages.title)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(messages.colName)}</Table.Th>
            <Table.Th>{intl.formatMessage(messages.colShortName)}</Table.Th>
            <Table.Th>{intl.formatMessage(messages.colType)}</Table.Th>
            <Table.Th>{intl.formatMessage(messages.colFormTypes)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((registry) => (
            <Table.Tr key={registry.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/registries/${registry.id}`}>
                  {registry.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{registry.shortName}</Table.Td>
              <Table.Td>{intl.formatMessage(registry.registryType === 'trial' ? messages.typeTrial : messages.typeRegistry)}</Table.Td>
              <Table.Td>
                {(registry.formTypes ?? []).map((t, i) => (
                  <span key={t.id}>
                    {i > 0 && ', '}
                    <Anchor component={Link} to={`/admin/registries/form-types/${t.id}`}>
                      {t.displayId}
                    </Anchor>
                  </span>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

type Manager = { name: string | null; instituteId: string | null } | null | undefined;
const text = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : String(value));
const managerText = (manager: Manager): string => text(manager?.name);

function RegistryFacts({ registry }: { registry: Registry }): ReactElement {
  const intl = useIntl();
  const groups = (registry.randomGroups as { name: string; multiplier: number }[] | undefined) ?? [];
  const randomization = registry.randomizationStrategy
    ? intl.formatMessage(messages.randomizationValue, {
        strategy: String(registry.randomizationStrategy),
        groups: groups.map((g) => `${g.name} ×${g.multiplier}`).join(', ') || '—',
        multiplier: text(registry.randomGroupBlockMultipliers),
        visibility: text(registry.randomGroupVisibility),
      })
    : intl.formatMessage(messages.randomizationNone);
  const rows: [string, string][] = [
    [intl.formatMessage(messages.nameHu), registry.nameHu],
    [intl.formatMessage(messages.nameEn), registry.nameEn],
    [intl.formatMessage(messages.colShortName), registry.shortName],
    [intl.formatMessage(messages.colType), intl.formatMessage(registry.registryType === 'trial' ? messages.typeTrial : messages.typeRegistry)],
    [intl.formatMessage(messages.group), text(intl.locale === 'en' ? registry.registryGroupEn : registry.registryGroupHu)],
    [intl.formatMessage(messages.registryManager), managerText(registry.registryManager as Manager)],
    [intl.formatMessage(messages.trialManager), managerText(registry.trialManager as Manager)],
    [intl.formatMessage(messages.targetPatientCount), text(registry.targetPatientCount)],
    [intl.formatMessage(messages.dataCollectionPeriod), text(registry.dataCollectionPeriod)],
    [intl.formatMessage(messages.randomization), randomization],
  ];
  return (
    <Table>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={240}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function RegistryPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { registryId = '' } = useParams();
  const { status, item, error } = useAppSelector((state) => state.formTypes.registry);
  useDocumentTitle(item ? item.name : messages.title);
  useEffect(() => void dispatch(formTypesActions.registryRequested(registryId)), [dispatch, registryId]);
  if (status === 'failed') return <LoadFailure error={error} />;
  if (!item) return <Loader size="sm" />;
  return (
    <Stack>
      <Anchor component={Link} to="/admin/registries">
        {intl.formatMessage(messages.backToRegistries)}
      </Anchor>
      <Title order={1}>{item.name}</Title>
      <RegistryFacts registry={item} />
      <Title order={2} size="h4">{intl.formatMessage(messages.colFormTypes)}</Title>
      <Table aria-label={intl.formatMessage(messages.colFormTypes)}>
        <Table.Tbody>
          {(item.formTypes ?? []).map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/registries/form-types/${t.id}`}>
                  {t.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t.displayId}</Table.Td>
              <Table.Td>{intl.formatMessage(t.behaviorType === 'attendance_start' ? messages.behaviorStart : messages.behaviorAny)}</Table.Td>
              <Table.Td>v{t.lastVersion}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h4">{intl.formatMessage(messages.periods)}</Title>
      <Table aria-label={intl.formatMessage(messages.periods)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(messages.colName)}</Table.Th>
            <Table.Th>{intl.formatMessage(messages.periodFormTypes)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(item.periods ?? []).map((period) => (
            <Table.Tr key={period.index}>
              <Table.Td>{period.displayName}</Table.Td>
              <Table.Td>
                {period.formTypes.map((t) => `${t.displayId} (${t.maxPerPeriod ?? intl.formatMessage(messages.unlimited)})`).join(', ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
