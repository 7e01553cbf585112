// The header edit of an attendance: end date and time, inpatient stays (only where the registry
// records them) and completion, saved with PATCH /attendances/{id}. A refused save keeps every
// typed value and marks the fields the server named; only what changed is sent.
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Button, Checkbox, CloseButton, Fieldset, Group, Stack, Text } from '@mantine/core';
import { FieldArray, FormikProvider, getIn, useFormik } from 'formik';
import { useIntl } from 'react-intl';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Attendance, AttendanceChange } from '../../api/attendances';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { SlidePane } from '../../common/slidePane';
import { UnsavedChangesGuard } from '../../common/unsavedChanges';
import { attendancesActions } from './attendances.slice';
import { selectAttendanceEditor } from './attendances.selectors';
import { editMessages as m, messages } from './messages';
import { useFormatter } from '../../i18n/useFormatter';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';

interface Values {
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone, '' for none. */
  endDateTime: string;
  completed: boolean;
  inpatientDays: { from: string; to: string }[];
}

/** An ISO instant as a wall-clock reading in the browser's time zone ("YYYY-MM-DDTHH:mm"). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function initialValuesOf(attendance: Attendance): Values {
  return {
    endDateTime: toLocalInput(attendance.endDateTime),
    completed: attendance.completed,
    inpatientDays: attendance.inpatientDays.map((days) => ({ from: days.from, to: days.to ?? '' })),
  };
}

/** Only the fields that differ from what was loaded: an untouched end keeps its seconds. */
function changeOf(initial: Values, values: Values, withInpatientDays: boolean): AttendanceChange {
  const change: AttendanceChange = {};
  if (values.endDateTime !== initial.endDateTime) change.endDateTime = values.endDateTime ? new Date(values.endDateTime).toISOString() : null;
  if (values.completed !== initial.completed) change.completed = values.completed;
  if (withInpatientDays && JSON.stringify(values.inpatientDays) !== JSON.stringify(initial.inpatientDays)) change.inpatientDays = values.inpatientDays;
  return change;
}

function EditAttendanceForm({ attendance, onClose }: { attendance: Attendance; onClose: () => void }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectAttendanceEditor);
  const withInpatientDays = attendance.registry.hasInpatientDay === true;
  // What was sent last: a server message stays on its field only while the field still holds that value.
  const [submitted, setSubmitted] = useState<Values | null>(null);
  const required = intl.formatMessage(m.required);
  const start = new Date(attendance.startDateTime).getTime();

  const formik = useFormik<Values>({
    initialValues: initialValuesOf(attendance),
    validationSchema: yup.object({
      completed: yup.boolean(),
      endDateTime: yup
        .string()
        .test('afterStart', intl.formatMessage(m.endBeforeStart), (value) => !value || new Date(value).getTime() >= start)
        .when('completed', { is: true, then: (schema) => schema.required(intl.formatMessage(m.endRequired)) }),
      inpatientDays: yup.array().of(
        yup.object({
          from: yup.string().required(required),
          to: yup
            .string()
            .required(required)
            .test('order', intl.formatMessage(m.stayOrder), (value, context) => !value || !context.parent.from || value >= context.parent.from),
        }),
      ),
    }),
    onSubmit: (values) => {
      const change = changeOf(formik.initialValues, values, withInpatientDays);
      if (Object.keys(change).length === 0) {
        onClose();
        return;
      }
      setSubmitted(values);
      dispatch(attendancesActions.editRequested({ id: attendance.id, change }));
    },
  });

  useEffect(() => {
    if (editor.status === 'saved' && editor.attendanceId === attendance.id) onClose();
  }, [editor, attendance.id, onClose]);

  const failed = editor.status === 'failed' && editor.attendanceId === attendance.id;
  const fromServer = failed ? serverFieldErrors(intl, editor.error) : {};
  const fieldError = (path: string): string | undefined => {
    const own = getIn(formik.touched, path) ? (getIn(formik.errors, path) as string | undefined) : undefined;
    const stillSent = submitted !== null && getIn(submitted, path) === getIn(formik.values, path);
    return own ?? (stillSent ? fromServer[path] : undefined);
  };
  const shownPaths = ['endDateTime', 'completed', ...formik.values.inpatientDays.flatMap((_, i) => [`inpatientDays.${i}.from`, `inpatientDays.${i}.to`])];
  const marked = Object.keys(fromServer).some((path) => shownPaths.includes(path));
  const saving = editor.status === 'saving' && editor.attendanceId === attendance.id;

  return (
    <FormikProvider value={formik}>
      <UnsavedChangesGuard isDirty={formik.dirty && editor.status !== 'saved'} />
      <form onSubmit={formik.handleSubmit} noValidate>
        <Stack>
          <Text size="sm">{intl.formatMessage(m.startedAt, { start: format.dateTime(attendance.startDateTime) })}</Text>
          {failed && (
            <Alert color="red" role="alert">
              {marked ? intl.formatMessage(m.checkFields) : intl.formatMessage(m.saveFailed, { reason: editor.error?.message ?? 'Error' })}
            </Alert>
          )}
          <LocalizedDateInput
            label={intl.formatMessage(m.endDateTime)}
            withTime
            name="endDateTime"
            value={formik.values.endDateTime}
            onChange={(value) => void formik.setFieldValue('endDateTime', value)}
            onBlur={() => void formik.setFieldTouched('endDateTime')}
            error={fieldError('endDateTime')}
          />
          <Checkbox label={intl.formatMessage(m.completed)} {...formik.getFieldProps({ name: 'completed', type: 'checkbox' })} error={fieldError('completed')} />
          {withInpatientDays && (
            <Fieldset legend={intl.formatMessage(messages.inpatientDays)}>
              <FieldArray name="inpatientDays">
                {(days) => (
                  <Stack gap="xs">
                    {formik.values.inpatientDays.length === 0 && <Text size="sm">{intl.formatMessage(messages.noInpatientDays)}</Text>}
                    {formik.values.inpatientDays.map((_, i) => (
                      // Index keys: stays have no id, and a removed row must not keep another's typing.
                      <Group key={i} align="flex-start" wrap="nowrap">
                        <LocalizedDateInput
                          label={intl.formatMessage(m.stayFrom, { index: i + 1 })}
                          value={formik.values.inpatientDays[i].from}
                          onChange={(value) => void formik.setFieldValue(`inpatientDays.${i}.from`, value)}
                          onBlur={() => void formik.setFieldTouched(`inpatientDays.${i}.from`)}
                          error={fieldError(`inpatientDays.${i}.from`)}
                        />
                        <LocalizedDateInput
                          label={intl.formatMessage(m.stayTo, { index: i + 1 })}
                          value={formik.values.inpatientDays[i].to}
                          onChange={(value) => void formik.setFieldValue(`inpatientDays.${i}.to`, value)}
                          onBlur={() => void formik.setFieldTouched(`inpatientDays.${i}.to`)}
                          error={fieldError(`inpatientDays.${i}.to`)}
                        />
                        <CloseButton mt={28} aria-label={intl.formatMessage(m.removeStay, { index: i + 1 })} onClick={() => days.remove(i)} />
                      </Group>
                    ))}
                    <Button variant="light" size="xs" onClick={() => days.push({ from: '', to: '' })}>
                      {intl.formatMessage(m.addStay)}
                    </Button>
                  </Stack>
                )}
              </FieldArray>
            </Fieldset>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button type="submit" loading={saving}>
              {intl.formatMessage(m.save)}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormikProvider>
  );
}

export function EditAttendancePane({ attendance, onClose }: { attendance: Attendance | null; onClose: () => void }): ReactElement {
  const intl = useIntl();
  return (
    <SlidePane opened={attendance !== null} onClose={onClose} title={intl.formatMessage(m.title, { id: attendance?.displayId ?? '' })} closeOnClickOutside={false}>
      {/* Keyed by attendance: another attendance starts from its own values, a reloaded list keeps the typing. */}
      {attendance && <EditAttendanceForm key={attendance.id} attendance={attendance} onClose={onClose} />}
    </SlidePane>
  );
}
