// The new-patient slide pane (spec business-data §2, §3 Patient, §8 Patients). The TAJ check runs
// here for quick feedback and again on the server; a registry with mandatoryInsuranceNumber makes
// the number required. A 409 for an insurance number already in the registry offers the merge.
import { useEffect, useMemo, type ReactElement } from 'react';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { GENDERS, type Gender, type NewPatient } from '../../api/patients';
import { ConfirmDialog } from '../../common/confirmDialog';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { SlidePane } from '../../common/slidePane';
import { UnsavedChangesGuard } from '../../common/unsavedChanges';
import { isValidInsuranceNumber, normalizeInsuranceNumber } from '../../domain/patients';
import { selectLocale } from '../locale/locale.selectors';
import { patientsActions, REGISTERED_ELSEWHERE } from './patients.slice';
import { makeSelectRegistryDetails, selectInstituteOptions, selectPatientEditor, selectPatientReferences, selectRegistryOptions } from './patients.selectors';
import { genderMessages, messages } from './messages';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';

interface Values {
  registryId: string;
  instituteId: string;
  name: string;
  dob: string;
  gender: Gender | '';
  insuranceNumber: string;
  registryPatientNumber: string;
}

const INITIAL: Values = { registryId: '', instituteId: '', name: '', dob: '', gender: '', insuranceNumber: '', registryPatientNumber: '' };

export interface NewPatientPaneProps {
  opened: boolean;
  onClose: () => void;
}

export function NewPatientPane({ opened, onClose }: NewPatientPaneProps): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectPatientEditor);
  const references = useAppSelector(selectPatientReferences);
  const registryOptions = useAppSelector(selectRegistryOptions);
  const instituteOptions = useAppSelector(selectInstituteOptions);
  const selectRegistryDetails = useMemo(() => makeSelectRegistryDetails(), []);
  const detailsById = references.registryDetails;

  const locale = useAppSelector(selectLocale);
  // Names come in the request's language, so a language switch while open asks again.
  useEffect(() => {
    if (opened) dispatch(patientsActions.referencesRequested());
  }, [dispatch, opened, locale]);

  const required = intl.formatMessage(messages.required);
  const formik = useFormik<Values>({
    initialValues: INITIAL,
    validationSchema: () =>
      yup.object({
        registryId: yup.string().required(required),
        instituteId: yup.string().required(required),
        name: yup.string().trim().required(required),
        dob: yup.string().required(required),
        gender: yup.string().required(required),
        // Formik hands '' over as undefined, so "empty" is the missing value here.
        insuranceNumber: yup
          .string()
          .test('taj', intl.formatMessage(messages.invalidInsuranceNumber), (value) => !value || isValidInsuranceNumber(value))
          .test('mandatory', required, function mandatory(value) {
            return Boolean(value) || !detailsById[(this.parent as Values).registryId]?.mandatoryInsuranceNumber;
          }),
      }),
    onSubmit: (values) => {
      const patient: NewPatient = {
        registryId: values.registryId,
        name: values.name.trim(),
        dob: values.dob,
        gender: values.gender as Gender,
        insuranceNumber: values.insuranceNumber ? normalizeInsuranceNumber(values.insuranceNumber) : undefined,
        registryPatientNumber: values.registryPatientNumber.trim() || undefined,
      };
      dispatch(patientsActions.createRequested({ instituteId: values.instituteId, patient }));
    },
  });
  const details = useAppSelector((state) => selectRegistryDetails(state, formik.values.registryId || null));

  const { resetForm } = formik;
  useEffect(() => {
    if (!opened) return;
    resetForm();
    dispatch(patientsActions.editorReset());
  }, [opened, resetForm, dispatch]);
  useEffect(() => {
    if (editor.status === 'saved' && opened) onClose();
  }, [editor.status, opened, onClose]);

  const fromServer = editor.status === 'failed' ? fieldErrorsOf(intl, editor.error) : {};
  const fieldError = (name: keyof Values): string | undefined => (formik.touched[name] ? formik.errors[name] : undefined) ?? fromServer[name];
  const failure = failureText(intl, editor, fromServer);

  return (
    <SlidePane opened={opened} onClose={onClose} title={intl.formatMessage(messages.newPatient)} closeOnClickOutside={false}>
      <UnsavedChangesGuard isDirty={opened && formik.dirty && editor.status !== 'saved'} />
      <form onSubmit={formik.handleSubmit} noValidate>
        <Stack>
          {references.status === 'failed' && (
            <Alert color="red" role="alert">
              {intl.formatMessage(messages.referencesFailed)}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Select
            label={intl.formatMessage(messages.registry)}
            placeholder={intl.formatMessage(messages.selectRegistry)}
            data={registryOptions}
            searchable
            required
            value={formik.values.registryId || null}
            onChange={(value) => {
              void formik.setFieldValue('registryId', value ?? '');
              if (value) dispatch(patientsActions.registryDetailsRequested(value));
            }}
            onBlur={() => void formik.setFieldTouched('registryId')}
            error={fieldError('registryId')}
          />
          <Select
            label={intl.formatMessage(messages.institute)}
            placeholder={intl.formatMessage(messages.selectInstitute)}
            data={instituteOptions}
            searchable
            required
            value={formik.values.instituteId || null}
            onChange={(value) => void formik.setFieldValue('instituteId', value ?? '')}
            onBlur={() => void formik.setFieldTouched('instituteId')}
            error={fieldError('instituteId')}
          />
          <TextInput label={intl.formatMessage(messages.name)} required maxLength={255} {...formik.getFieldProps('name')} error={fieldError('name')} />
          <LocalizedDateInput
            label={intl.formatMessage(messages.dob)}
            required
            name="dob"
            value={formik.values.dob}
            onChange={(value) => void formik.setFieldValue('dob', value)}
            onBlur={() => void formik.setFieldTouched('dob')}
            error={fieldError('dob')}
          />
          <Select
            label={intl.formatMessage(messages.gender)}
            data={GENDERS.map((g) => ({ value: g, label: intl.formatMessage(genderMessages[g]) }))}
            required
            value={formik.values.gender || null}
            onChange={(value) => void formik.setFieldValue('gender', value ?? '')}
            onBlur={() => void formik.setFieldTouched('gender')}
            error={fieldError('gender')}
          />
          <TextInput
            label={intl.formatMessage(messages.insuranceNumber)}
            description={intl.formatMessage(messages.insuranceHint)}
            inputMode="numeric"
            required={details?.mandatoryInsuranceNumber ?? false}
            maxLength={11}
            {...formik.getFieldProps('insuranceNumber')}
            error={fieldError('insuranceNumber')}
          />
          <TextInput label={intl.formatMessage(messages.registryPatientNumber)} maxLength={100} {...formik.getFieldProps('registryPatientNumber')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" loading={editor.status === 'saving'}>
              {intl.formatMessage(messages.save)}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={editor.status === 'conflict'}
        title={intl.formatMessage(messages.mergePrompt)}
        body={
          <Text size="sm">
            {intl.formatMessage(editor.existingPatientId ? messages.mergeCreateExplanation : messages.mergeUnavailable)}
          </Text>
        }
        confirmLabel={intl.formatMessage(messages.mergeConfirm)}
        onConfirm={() => {
          if (editor.existingPatientId) dispatch(patientsActions.existingPatientAdopted(editor.existingPatientId));
          else dispatch(patientsActions.editorReset());
        }}
        onCancel={() => dispatch(patientsActions.editorReset())}
      />
    </SlidePane>
  );
}

type IntlShape = ReturnType<typeof useIntl>;

/** The server's TAJ key has its own text in this feature; the rest go through the shared keys. */
function fieldErrorsOf(intl: IntlShape, error: Parameters<typeof serverFieldErrors>[1]): Record<string, string> {
  const taj = error?.errors?.filter((e) => e.key === 'api.invalidInsuranceNumber') ?? [];
  const others = error ? { ...error, errors: error.errors?.filter((e) => e.key !== 'api.invalidInsuranceNumber') } : null;
  const result = serverFieldErrors(intl, others);
  for (const e of taj) result[e.path] = intl.formatMessage(messages.invalidInsuranceNumber);
  return result;
}

function failureText(intl: IntlShape, editor: ReturnType<typeof selectPatientEditor>, fieldErrors: Record<string, string>): string | null {
  if (editor.status === 'conflict') return intl.formatMessage(messages.existsDifferent);
  if (editor.status !== 'failed' || Object.keys(fieldErrors).length > 0) return null;
  if (editor.error?.code === REGISTERED_ELSEWHERE) return intl.formatMessage(messages.registeredElsewhere);
  // The contract answers an unknown or foreign institute of the create call with 404.
  if (editor.error?.status === 404) return intl.formatMessage(messages.instituteNotFound);
  return intl.formatMessage(messages.createError);
}
