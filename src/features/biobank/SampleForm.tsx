// The new / edit form of a sample: registry and patient (new only), type (the registry's types),
// collection time, legacy number, notes, the type's parameters, amount with its unit, virtual,
// ancestor (samples of the same patient and registry), arrival and dispatch. The central biobank
// finds the patient with the biobank's own look-up (SamplePatientPicker), the institute screens with
// the patient selector.
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { Alert, Button, Group, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { BioSample, BioSampleInput, BioSamplePatient, BioSampleType } from '../../api/bioSamples';
import type { Patient } from '../../api/patients';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';
import { PatientSelector } from '../patients/PatientSelector';
import { biobankActions } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';
import { SamplePatientPicker } from './SamplePatientPicker';
import { messages } from './messages';
import { useTypeName } from './sampleText';
import { emptyValues, toInput, valuesOf, type SampleFormValues } from './sampleFormValues';

export interface SampleFormProps {
  /** The sample being edited, or null for a new one. */
  sample: BioSample | null;
  /** A new derived sample: patient, registry and ancestor come from it. */
  ancestor?: BioSample | null;
  /** The central biobank: the patient comes from GET /bio-sample-patients (no patient access needed). */
  central?: boolean;
  saving: boolean;
  onSubmit: (input: Partial<BioSampleInput>) => void;
  onCancel: () => void;
}

type Errors = Partial<Record<'registryId' | 'patientId' | 'bioSampleTypeId' | 'sampleCollectedAt' | 'amount' | 'dispatch', string>>;

function validate(values: SampleFormValues, required: string, notNegative: string, dispatchBoth: string): Errors {
  const errors: Errors = {};
  if (!values.registryId) errors.registryId = required;
  if (!values.patientId) errors.patientId = required;
  if (!values.bioSampleTypeId) errors.bioSampleTypeId = required;
  if (!values.sampleCollectedAt) errors.sampleCollectedAt = required;
  if (typeof values.amount === 'number' && values.amount < 0) errors.amount = notNegative;
  if (Boolean(values.dispatchedAt) !== Boolean(values.dispatchedTo.trim())) errors.dispatch = dispatchBoth;
  return errors;
}

function ParameterInput({ parameter, value, onChange }: { parameter: BioSampleType['parameters'][number]; value: string | number | null; onChange: (v: string | number | null) => void }): ReactElement {
  const { locale } = useIntl();
  const label = locale.startsWith('hu') ? parameter.labelHu : parameter.labelEn;
  if (parameter.type === 'number') return <NumberInput label={label} value={value ?? ''} onChange={(v) => onChange(typeof v === 'number' ? v : null)} />;
  if (parameter.type === 'datetime') return <LocalizedDateInput withTime label={label} value={typeof value === 'string' ? value : ''} onChange={(v) => onChange(v || null)} />;
  return <TextInput label={label} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value || null)} />;
}

export function SampleForm({ sample, ancestor = null, central = false, saving, onSubmit, onCancel }: SampleFormProps): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const typeName = useTypeName();
  const { references, patient: patientSamples } = useAppSelector(selectBiobank);
  const [values, setValues] = useState<SampleFormValues>(() => (sample ? valuesOf(sample) : emptyValues(ancestor)));
  const [patient, setPatient] = useState<Patient | null>(null);
  const [samplePatient, setSamplePatient] = useState<BioSamplePatient | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const set = (change: Partial<SampleFormValues>): void => setValues((old) => ({ ...old, ...change }));
  const isNew = sample === null;

  // The ancestor choice: the other samples of the same patient and registry.
  useEffect(() => {
    if (values.patientId) dispatch(biobankActions.patientSamplesRequested(values.patientId));
  }, [dispatch, values.patientId]);
  const ancestors = patientSamples.items.filter((s) => s.registry.id === values.registryId && s.id !== sample?.id);
  const types = references.types.filter((t) => t.registryIds.includes(values.registryId));
  const type = references.types.find((t) => t.id === values.bioSampleTypeId) ?? null;
  // Biobank staff may see no registry (no registry access): the chosen patient's registry is offered too.
  const registries = [...references.registries];
  if (samplePatient && !registries.some((r) => r.id === samplePatient.registry.id)) registries.push(samplePatient.registry);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const found = validate(values, intl.formatMessage(messages.required), intl.formatMessage(messages.notNegative), intl.formatMessage(messages.dispatchNeedsBoth));
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(toInput(values, sample));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {isNew && !ancestor && (
          <>
            <Select
              label={intl.formatMessage(messages.registry)}
              withAsterisk
              data={registries.map((r) => ({ value: r.id, label: r.name ? `${r.name} (${r.shortName})` : r.shortName }))}
              value={values.registryId || null}
              onChange={(value) => {
                set({ registryId: value ?? '', bioSampleTypeId: '', ancestorSampleId: '' });
                if (samplePatient && samplePatient.registry.id !== value) {
                  setSamplePatient(null);
                  set({ patientId: '' });
                }
              }}
              error={errors.registryId}
            />
            {central ? (
              <SamplePatientPicker
                value={samplePatient}
                registryId={values.registryId || undefined}
                onChange={(next) => {
                  setSamplePatient(next);
                  // The patient decides the registry: a look-up without a registry searches them all.
                  set({ patientId: next?.id ?? '', ancestorSampleId: '', ...(next && next.registry.id !== values.registryId ? { registryId: next.registry.id, bioSampleTypeId: '' } : {}) });
                }}
                error={errors.patientId}
              />
            ) : (
              <PatientSelector
                value={patient}
                registryId={values.registryId || undefined}
                onChange={(next) => {
                  setPatient(next);
                  set({ patientId: next?.id ?? '', ancestorSampleId: '' });
                }}
                error={errors.patientId}
              />
            )}
          </>
        )}
        <Select
          label={intl.formatMessage(messages.type)}
          withAsterisk
          data={types.map((t) => ({ value: t.id, label: typeName(t) }))}
          value={values.bioSampleTypeId || null}
          onChange={(value) => set({ bioSampleTypeId: value ?? '', sampleParameters: {} })}
          error={errors.bioSampleTypeId}
          description={values.registryId && types.length === 0 ? intl.formatMessage(messages.noTypes) : undefined}
        />
        <LocalizedDateInput withTime required label={intl.formatMessage(messages.collectedAt)} value={values.sampleCollectedAt} onChange={(v) => set({ sampleCollectedAt: v })} error={errors.sampleCollectedAt} />
        <TextInput label={intl.formatMessage(messages.legacyNumber)} value={values.legacySampleNumber} onChange={(e) => set({ legacySampleNumber: e.currentTarget.value })} />
        <Textarea label={intl.formatMessage(messages.notes)} value={values.notes} onChange={(e) => set({ notes: e.currentTarget.value })} />
        {type?.parameters.map((parameter) => (
          <ParameterInput
            key={parameter.id}
            parameter={parameter}
            value={values.sampleParameters[parameter.id] ?? null}
            onChange={(v) => set({ sampleParameters: { ...values.sampleParameters, [parameter.id]: v } })}
          />
        ))}
        <Switch label={intl.formatMessage(messages.virtual)} checked={values.virtual} onChange={(e) => set({ virtual: e.currentTarget.checked, amount: '' })} />
        {!values.virtual && (
          <NumberInput
            label={type ? intl.formatMessage(messages.amountWithUnit, { unit: type.unit }) : intl.formatMessage(messages.amount)}
            min={0}
            decimalScale={3}
            value={values.amount}
            onChange={(v) => set({ amount: typeof v === 'number' ? v : '' })}
            error={errors.amount}
          />
        )}
        <Select
          label={intl.formatMessage(messages.ancestor)}
          placeholder={intl.formatMessage(messages.noAncestor)}
          clearable
          disabled={Boolean(ancestor)}
          data={(ancestor ? [ancestor] : ancestors).map((s) => ({ value: s.id, label: `${s.sampleNumber} · ${s.bioSampleType.name}` }))}
          value={values.ancestorSampleId || null}
          onChange={(value) => set({ ancestorSampleId: value ?? '' })}
        />
        <LocalizedDateInput withTime label={intl.formatMessage(messages.arrivedAt)} value={values.arrivedToBiobankAt} onChange={(v) => set({ arrivedToBiobankAt: v })} />
        <LocalizedDateInput withTime label={intl.formatMessage(messages.dispatchedAt)} value={values.dispatchedAt} onChange={(v) => set({ dispatchedAt: v })} />
        <TextInput label={intl.formatMessage(messages.dispatchedTo)} value={values.dispatchedTo} onChange={(e) => set({ dispatchedTo: e.currentTarget.value })} />
        {errors.dispatch && (
          <Alert color="red" role="alert">
            {errors.dispatch}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {intl.formatMessage(messages.save)}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
