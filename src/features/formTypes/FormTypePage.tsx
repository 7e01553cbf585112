// /admin/registries/form-types/:formTypeId: one form type with its versions and locales, external
// fields, the section list and preview of a chosen version, and the ways to add a version.
import { useEffect, type ReactElement } from 'react';
import { Anchor, Group, Loader, NativeSelect, Stack, Table, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { FormType } from '../../api/registries';
import { selectLocale } from '../locale/locale.selectors';
import { DescriptorPreview } from './DescriptorPreview';
import { formTypesActions } from './formTypes.slice';
import { messages } from './messages';
import { LoadFailure } from './RegistriesPages';
import { DescriptorUpload, RedcapImport } from './VersionImports';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

function FormTypeFacts({ formType }: { formType: FormType }): ReactElement {
  const intl = useIntl();
  const rows: [string, string][] = [
    [intl.formatMessage(messages.displayId), formType.displayId],
    [intl.formatMessage(messages.nameHu), formType.nameHu],
    [intl.formatMessage(messages.nameEn), formType.nameEn],
    [intl.formatMessage(messages.behaviorType), intl.formatMessage(formType.behaviorType === 'attendance_start' ? messages.behaviorStart : messages.behaviorAny)],
    [intl.formatMessage(messages.locales), formType.locales.join(', ')],
    [intl.formatMessage(messages.lastVersion), String(formType.lastVersion)],
    [
      intl.formatMessage(messages.externalFields),
      formType.externalFields.map((e) => intl.formatMessage(messages.externalField, { target: e.targetField, source: e.sourceDisplayId, field: e.sourceField })).join('; ') || '—',
    ],
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

export function FormTypePage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const id = Number(useParams().formTypeId);
  const { status, item, versions, chosen, descriptor, error } = useAppSelector((state) => state.formTypes.formType);
  useDocumentTitle(item ? intl.formatMessage(messages.formType, { name: item.name }) : messages.title);
  useEffect(() => void dispatch(formTypesActions.formTypeRequested({ id, locale })), [dispatch, id, locale]);
  if (status === 'failed') return <LoadFailure error={error} />;
  if (!item || !chosen) return <Loader size="sm" />;
  return (
    <Stack>
      <Anchor component={Link} to={`/admin/registries/${item.registryId}`}>
        {intl.formatMessage(messages.backToRegistries)}
      </Anchor>
      <Title order={1}>{intl.formatMessage(messages.formType, { name: item.name })}</Title>
      <FormTypeFacts formType={item} />
      <Group align="flex-end">
        <NativeSelect
          label={intl.formatMessage(messages.shownVersion)}
          value={String(chosen.version)}
          data={versions.map((v) => ({ value: String(v.version), label: intl.formatMessage(messages.versionLabel, { version: v.version, locales: v.locales.join(', '), createdAt: v.createdAt.slice(0, 10) }) }))}
          onChange={(e) => dispatch(formTypesActions.versionChosen({ version: Number(e.currentTarget.value), locale: chosen.locale }))}
        />
        <NativeSelect
          label={intl.formatMessage(messages.language)}
          value={chosen.locale}
          data={item.locales}
          onChange={(e) => dispatch(formTypesActions.versionChosen({ version: chosen.version, locale: e.currentTarget.value }))}
        />
      </Group>
      {descriptor ? <DescriptorPreview document={descriptor} /> : <Loader size="sm" />}
      <DescriptorUpload formType={item} />
      <RedcapImport formType={item} />
    </Stack>
  );
}
