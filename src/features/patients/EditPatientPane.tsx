// Editing a patient (spec business-data §5: attached forms keep their data, the pane says so), and
// deleting one. An insurance number that belongs to another patient offers merging the edited
// patient into that one; a patient with attendances can only be deleted by merging it into a
// patient the user chooses. In both cases the other patient survives with its own data.
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { GENDERS, type Gender, type Patient, type PatientChange } from '../../api/patients';
import { ConfirmDialog } from '../../common/confirmDialog';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { SlidePane } from '../../common/slidePane';
import { UnsavedChangesGuard } from '../../common/unsavedChanges';
import { isValidInsuranceNumber, normalizeInsuranceNumber } from '../../domain/patients';
import { PatientSelector } from './PatientSelector';
import { patientsActions, REGISTERED_ELSEWHERE } from './patients.slice';
import { selectPatientEditor } from './patients.selectors';
import { genderMessages, messages } from './messages';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';

interface Values {
  name: string;
  dob: string;
  gender: Gender;
  insuranceNumber: string;
  registryPatientNumber: string;
}

function changeOf(patient: Patient, values: Values): PatientChange {
  const change: PatientChange = { gender: values.gender, registryPatientNumber: values.registryPatientNumber.trim() || undefined };
  // Without personal data access the hidden fields are neither shown nor sent.
  if (patient.personalDataHidden) return change;
  return { ...change, name: values.name.trim(), dob: values.dob, insuranceNumber: values.insuranceNumber ? normalizeInsuranceNumber(values.insuranceNumber) : undefined };
}

export function EditPatientPane({ patient, onClose }: { patient: Patient | null; onClose: () => void }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectPatientEditor);
  const [action, setAction] = useState<'save' | 'delete' | null>(null);
  const [askDelete, setAskDelete] = useState(false);
  const [mergeTarget, setMergeTarget] = useState<Patient | null>(null);
  const [targetMissing, setTargetMissing] = useState(false);
  const hidden = patient?.personalDataHidden ?? false;
  const required = intl.formatMessage(messages.required);

  const formik = useFormik<Values>({
    enableReinitialize: true,
    initialValues: {
      name: patient?.name ?? '',
      dob: patient?.dob ?? '',
      gender: patient?.gender ?? 'unknown',
      insuranceNumber: patient?.insuranceNumber ?? '',
      registryPatientNumber: patient?.registryPatientNumber ?? '',
    },
    validationSchema: yup.object({
      name: hidden ? yup.string() : yup.string().trim().required(required),
      dob: hidden ? yup.string() : yup.string().required(required),
      insuranceNumber: yup.string().test('taj', intl.formatMessage(messages.invalidInsuranceNumber), (value) => !value || isValidInsuranceNumber(value)),
    }),
    onSubmit: (values) => {
      if (!patient) return;
      setAction('save');
      dispatch(patientsActions.updateRequested({ id: patient.id, registryId: patient.registry.id, change: changeOf(patient, values) }));
    },
  });

  useEffect(() => {
    if (!patient) return;
    dispatch(patientsActions.editorReset());
  }, [patient, dispatch]);
  useEffect(() => {
    if (editor.status === 'saved' && patient) onClose();
  }, [editor.status, patient, onClose]);

  const number = patient?.internalPatientNumber ?? '';
  const fromServer = editor.status === 'failed' ? serverFieldErrors(intl, editor.error) : {};
  const fieldError = (name: keyof Values): string | undefined => (formik.touched[name] ? formik.errors[name] : undefined) ?? fromServer[name];
  let failure: string | null = null;
  if (editor.status === 'conflict') failure = intl.formatMessage(messages.existsDifferent);
  else if (editor.status === 'failed' && editor.error?.code === REGISTERED_ELSEWHERE) failure = intl.formatMessage(messages.registeredElsewhere);
  else if (editor.status === 'failed' && Object.keys(fromServer).length === 0)
    failure = intl.formatMessage(action === 'delete' ? messages.deleteError : messages.saveFailed);

  return (
    <SlidePane opened={patient !== null} onClose={onClose} title={intl.formatMessage(messages.editTitle, { number })} closeOnClickOutside={false}>
      <UnsavedChangesGuard isDirty={patient !== null && formik.dirty && editor.status !== 'saved'} />
      <form onSubmit={formik.handleSubmit} noValidate>
        <Stack>
          <Alert color="yellow" role="note">
            {intl.formatMessage(messages.editWarning)}
          </Alert>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {!hidden && (
            <>
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
              <TextInput
                label={intl.formatMessage(messages.insuranceNumber)}
                description={intl.formatMessage(messages.insuranceHint)}
                inputMode="numeric"
                maxLength={11}
                {...formik.getFieldProps('insuranceNumber')}
                error={fieldError('insuranceNumber')}
              />
            </>
          )}
          <Select
            label={intl.formatMessage(messages.gender)}
            data={GENDERS.map((g) => ({ value: g, label: intl.formatMessage(genderMessages[g]) }))}
            value={formik.values.gender}
            allowDeselect={false}
            onChange={(value) => void formik.setFieldValue('gender', value ?? 'unknown')}
          />
          <TextInput label={intl.formatMessage(messages.registryPatientNumber)} maxLength={100} {...formik.getFieldProps('registryPatientNumber')} />
          <Group justify="space-between">
            <Button color="red" variant="light" onClick={() => setAskDelete(true)}>
              {intl.formatMessage(messages.deleteAction)}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {intl.formatMessage(messages.cancel)}
              </Button>
              <Button type="submit" loading={editor.status === 'saving' && action === 'save'}>
                {intl.formatMessage(messages.save)}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={editor.status === 'conflict'}
        title={intl.formatMessage(messages.mergePrompt)}
        body={
          <Text size="sm">
            {editor.existingPatientId ? intl.formatMessage(messages.mergeEditExplanation, { source: number }) : intl.formatMessage(messages.mergeUnavailable)}
          </Text>
        }
        confirmLabel={intl.formatMessage(messages.mergeConfirm)}
        onConfirm={() => {
          if (patient && editor.existingPatientId) {
            // The kept patient's data stay as they are (the prompt says so), so no edits go along.
            dispatch(patientsActions.mergeRequested({ sourceId: patient.id, targetId: editor.existingPatientId }));
          } else dispatch(patientsActions.editorReset());
        }}
        onCancel={() => dispatch(patientsActions.editorReset())}
      />
      <ConfirmDialog
        opened={askDelete}
        danger
        title={intl.formatMessage(messages.deleteTitle, { number })}
        body={intl.formatMessage(messages.deleteBody)}
        onConfirm={() => {
          setAskDelete(false);
          setAction('delete');
          if (patient) dispatch(patientsActions.deleteRequested({ id: patient.id }));
        }}
        onCancel={() => setAskDelete(false)}
      />
      <ConfirmDialog
        opened={editor.status === 'hasData' || (editor.status === 'saving' && action === 'delete' && mergeTarget !== null)}
        danger
        busy={editor.status === 'saving'}
        title={intl.formatMessage(messages.hasDataTitle)}
        body={
          <Stack gap="sm">
            <Text size="sm">{intl.formatMessage(messages.hasDataBody, { number })}</Text>
            <PatientSelector
              label={intl.formatMessage(messages.mergeTarget)}
              value={mergeTarget}
              onChange={(target) => {
                setMergeTarget(target);
                setTargetMissing(false);
              }}
              error={targetMissing ? intl.formatMessage(messages.targetRequired) : undefined}
              registryId={patient?.registry.id}
              excludeId={patient?.id}
            />
          </Stack>
        }
        confirmLabel={intl.formatMessage(messages.mergeAndDelete)}
        onConfirm={() => {
          if (!mergeTarget) setTargetMissing(true);
          else if (patient) dispatch(patientsActions.deleteRequested({ id: patient.id, mergeInto: mergeTarget.id }));
        }}
        onCancel={() => dispatch(patientsActions.editorReset())}
      />
    </SlidePane>
  );
}
