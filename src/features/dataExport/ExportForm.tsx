// The export parameters of issue 14 item 2. Choices come from GET /data-export/options (only what
// the user may export); institutes and form types follow the ticked registries. Checked live with
// the domain's rules; the server's 400 marks the same fields.
import { useMemo, type ReactElement } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import type { ExportOptions } from '../../api/dataExport';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { parseFieldFilter } from '../../domain/export/exportValidation';
import { dataExportActions } from './dataExport.slice';
import { selectDataExport } from './dataExport.selectors';
import { exportFormProblems, initialExportFormValues, toExportParameters, type ExportFormValues } from './exportFormValues';
import { messages } from './messages';

type SelectField = 'format' | 'locale' | 'minimumApprovalLevel' | 'renderType' | 'groupBy' | 'ordering';
type TextField = 'fileName' | 'password' | 'passwordConfirmation' | 'fieldFilters' | 'maxCellSize' | 'daysLimit' | 'columnsPerSheet' | 'formsPerSheet' | 'arraySeparator';

function CheckList({ label, items, value, onChange }: { label: string; items: { id: string; name: string }[]; value: string[]; onChange: (ids: string[]) => void }): ReactElement {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange}>
      <Stack gap={4} mt={4} mah={180} style={{ overflowY: 'auto' }}>
        {items.map((item) => (
          <Checkbox key={item.id} value={item.id} label={item.name} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function ExportForm({ options }: { options: ExportOptions }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { submitting, submitError } = useAppSelector(selectDataExport);
  const formik = useFormik<ExportFormValues>({
    initialValues: initialExportFormValues(intl.locale === 'en' ? 'en' : 'hu'),
    validate: (values) => serverFieldErrors(intl, { code: 'client_validation', errors: exportFormProblems(values) }),
    onSubmit: (values) => void dispatch(dataExportActions.exportRequested(toExportParameters(values))),
  });
  const { values, setFieldValue } = formik;
  const fromServer = serverFieldErrors(intl, submitError);
  const errorOf = (name: keyof ExportFormValues): string | undefined => (formik.touched[name] || formik.submitCount > 0 ? (formik.errors[name] as string | undefined) : undefined) ?? fromServer[name];
  const text = (name: TextField, label: string, extra: Record<string, unknown> = {}): ReactElement => (
    <TextInput id={`export-${name}`} name={name} label={label} value={values[name]} onChange={formik.handleChange} onBlur={formik.handleBlur} error={errorOf(name)} {...extra} />
  );

  const chosenRegistries = values.registryIds.length > 0 ? values.registryIds : options.registries.map((r) => r.id);
  const institutes = options.institutes.filter((i) => i.registryIds.some((id) => chosenRegistries.includes(id)));
  const formTypes = options.formTypes.filter((t) => chosenRegistries.includes(t.registryId));
  const pickable = useMemo(() => {
    const types = values.formTypeIds.length > 0 ? formTypes.filter((t) => values.formTypeIds.includes(t.id)) : formTypes;
    const seen = new Map<string, string>();
    for (const type of types) for (const field of type.fields) if (!seen.has(field.id)) seen.set(field.id, `${field.id} — ${field.label}`);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [formTypes, values.formTypeIds]);
  const otherFailure = submitError && Object.keys(fromServer).length === 0;
  // Choices hidden by a narrower registry choice are dropped too: the server would refuse them.
  const chooseRegistries = (ids: string[]): void => {
    const inScope = (registryIds: string[]): boolean => ids.length === 0 || registryIds.some((id) => ids.includes(id));
    void setFieldValue('registryIds', ids);
    void setFieldValue('instituteIds', values.instituteIds.filter((id) => inScope(options.institutes.find((i) => i.id === id)?.registryIds ?? [])));
    void setFieldValue('formTypeIds', values.formTypeIds.filter((id) => inScope([options.formTypes.find((t) => t.id === id)?.registryId ?? ''])));
  };
  const choose = (name: SelectField, choices: [string, string][]): ReactElement => (
    <NativeSelect
      id={`export-${name}`}
      name={name}
      label={intl.formatMessage(messages[name])}
      value={String(values[name])}
      onChange={formik.handleChange}
      error={errorOf(name)}
      data={choices.map(([value, label]) => ({ value, label }))}
    />
  );

  return (
    <Stack component="section" aria-labelledby="export-form-title" gap="sm">
      <Title order={2} size="h3" id="export-form-title">
        {intl.formatMessage(messages.formTitle)}
      </Title>
      {otherFailure && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.submitError, { message: submitError.message ?? submitError.code })}
        </Alert>
      )}
      <form onSubmit={formik.handleSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('fileName', intl.formatMessage(messages.fileName), { required: true })}
            <PasswordInput id="export-password" name="password" label={intl.formatMessage(messages.password)} description={intl.formatMessage(messages.passwordHint)} autoComplete="new-password" required value={values.password} onChange={formik.handleChange} onBlur={formik.handleBlur} error={errorOf('password')} />
            <PasswordInput id="export-passwordConfirmation" name="passwordConfirmation" label={intl.formatMessage(messages.passwordConfirmation)} autoComplete="new-password" required value={values.passwordConfirmation} onChange={formik.handleChange} onBlur={formik.handleBlur} error={errorOf('passwordConfirmation')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {choose('format', [['xlsx', intl.formatMessage(messages.formatXlsx)], ['odm', intl.formatMessage(messages.formatOdm)]])}
            {choose('locale', [['hu', intl.formatMessage(messages.localeHu)], ['en', intl.formatMessage(messages.localeEn)]])}
            {choose('minimumApprovalLevel', [['0', intl.formatMessage(messages.anyApproval)], ...[1, 2, 3, 4].map((level): [string, string] => [String(level), intl.formatMessage(messages.approvalLevel, { level })])])}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <CheckList label={intl.formatMessage(messages.registries)} items={options.registries} value={values.registryIds} onChange={chooseRegistries} />
            <CheckList label={intl.formatMessage(messages.institutes)} items={institutes} value={values.instituteIds} onChange={(ids) => void setFieldValue('instituteIds', ids)} />
            <CheckList label={intl.formatMessage(messages.formTypes)} items={formTypes} value={values.formTypeIds} onChange={(ids) => void setFieldValue('formTypeIds', ids)} />
          </SimpleGrid>
          <Group align="flex-end" grow>
            {text('fieldFilters', intl.formatMessage(messages.fieldFilters))}
            <NativeSelect
              id="export-fieldPicker"
              label={intl.formatMessage(messages.fieldPicker)}
              value=""
              data={[{ value: '', label: intl.formatMessage(messages.fieldPickerPlaceholder) }, ...pickable]}
              onChange={(event) => {
                const id = event.currentTarget.value;
                if (id) void setFieldValue('fieldFilters', [...parseFieldFilter(values.fieldFilters).filter((f) => f !== id), id].join(', '));
              }}
            />
          </Group>
          <Fieldset legend={intl.formatMessage(messages.renderType)}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {choose('renderType', [['byForm', intl.formatMessage(messages.byForm)], ['byAttendance', intl.formatMessage(messages.byAttendance)]])}
              {choose('groupBy', [['none', intl.formatMessage(messages.groupNone)], ['registry', intl.formatMessage(messages.groupRegistry)], ['institute', intl.formatMessage(messages.groupInstitute)], ['formType', intl.formatMessage(messages.groupFormType)]])}
              {choose('ordering', [['formOrder', intl.formatMessage(messages.formOrder)], ['alphabetical', intl.formatMessage(messages.alphabetical)]])}
              {text('maxCellSize', intl.formatMessage(messages.maxCellSize), { inputMode: 'numeric' })}
              {text('columnsPerSheet', intl.formatMessage(messages.columnsPerSheet), { inputMode: 'numeric' })}
              {text('formsPerSheet', intl.formatMessage(messages.formsPerSheet), { inputMode: 'numeric' })}
              {text('daysLimit', intl.formatMessage(messages.daysLimit), { inputMode: 'numeric' })}
              {text('arraySeparator', intl.formatMessage(messages.arraySeparator))}
            </SimpleGrid>
          </Fieldset>
          {options.personalDataAllowed && (
            <Checkbox name="includePersonalData" label={intl.formatMessage(messages.includePersonalData)} checked={values.includePersonalData} onChange={formik.handleChange} error={errorOf('includePersonalData')} />
          )}
          <Group>
            <Button type="submit" loading={submitting}>
              {intl.formatMessage(submitting ? messages.submitting : messages.submit)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
