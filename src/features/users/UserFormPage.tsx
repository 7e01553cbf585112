// /admin/users/new and /admin/users/:userId/edit: the user form with the legends of spec
// business-data §2 (basic data, account, MFA, inactivation). Only what the caller may change is
// offered (src/domain/permissions/administration.ts); the server checks every field again.
import { useEffect, useMemo, type ReactElement } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { MFA_POLICIES, USER_STATES, type MfaPolicy, type User, type UserInput, type UserState } from '../../api/users';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { UnsavedChangesGuard } from '../../common/unsavedChanges';
import { isValidEmail } from '../../domain/auth/email';
import { grantableRoles, mayAssignGroup, type AdminActor } from '../../domain/permissions/administration';
import { ROLES } from '../../domain/permissions/roles';
import { selectAdminActor } from '../admin/adminActor';
import { messages, mfaPolicyMessages, roleMessages, stateMessages } from './messages';
import { usersActions } from './users.slice';
import { selectUserDetail, selectUserEditor, selectUserReferences } from './users.selectors';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';

interface Values {
  name: string;
  email: string;
  phone: string;
  doctor: boolean;
  legacyDoctorCode: string;
  instituteId: string;
  country: string;
  city: string;
  notes: string;
  registryId: string;
  displayId: string;
  roles: string[];
  state: UserState;
  userGroupId: string;
  mfaPolicy: MfaPolicy;
  mfaEnforcedAt: string;
  resetMfa: boolean;
  preventAutomaticInactivation: boolean;
  deactivatedUsersNotification: boolean;
  inactiveUsersNotification: boolean;
}

function initialValues(user: User | null, actor: AdminActor | null): Values {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    doctor: user?.doctor ?? false,
    legacyDoctorCode: user?.legacyDoctorCode ?? '',
    instituteId: user ? (user.instituteId ?? '') : actor && !actor.roles.includes('admin') ? (actor.instituteId ?? '') : '',
    country: user?.country ?? '',
    city: user?.city ?? '',
    notes: user?.notes ?? '',
    registryId: user?.registryId ?? '',
    displayId: user?.displayId ?? '',
    roles: user?.roles ?? ['user'],
    state: user?.state ?? 'active',
    userGroupId: user?.userGroupId ?? '',
    mfaPolicy: user?.mfaPolicy ?? 'user',
    mfaEnforcedAt: user?.mfaEnforcedAt ? user.mfaEnforcedAt.slice(0, 10) : '',
    resetMfa: false,
    preventAutomaticInactivation: user?.preventAutomaticInactivation ?? false,
    deactivatedUsersNotification: user?.deactivatedUsersNotification ?? false,
    inactiveUsersNotification: user?.inactiveUsersNotification ?? false,
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

function toInput(values: Values, editing: boolean, canAssignGroup: boolean): UserInput {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: orNull(values.phone),
    doctor: values.doctor,
    legacyDoctorCode: orNull(values.legacyDoctorCode),
    instituteId: orNull(values.instituteId),
    country: orNull(values.country),
    city: orNull(values.city),
    notes: orNull(values.notes),
    registryId: orNull(values.registryId),
    displayId: orNull(values.displayId),
    roles: values.roles,
    // A new account is active or inactive; confirmation belongs to self-registration.
    state: editing ? values.state : values.state === 'inactive' ? 'inactive' : 'active',
    ...(canAssignGroup ? { userGroupId: orNull(values.userGroupId) } : {}),
    mfaPolicy: values.mfaPolicy,
    mfaEnforcedAt: values.mfaEnforcedAt ? new Date(`${values.mfaEnforcedAt}T00:00:00Z`).toISOString() : null,
    ...(editing && values.resetMfa ? { resetMfa: true } : {}),
    preventAutomaticInactivation: values.preventAutomaticInactivation,
    deactivatedUsersNotification: values.deactivatedUsersNotification,
    inactiveUsersNotification: values.inactiveUsersNotification,
  };
}

export function UserFormPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { userId } = useParams();
  const editing = userId !== undefined;
  const actor = useAppSelector(selectAdminActor);
  const detail = useAppSelector(selectUserDetail);
  const editor = useAppSelector(selectUserEditor);
  const references = useAppSelector(selectUserReferences);
  const user = editing && detail.user?.id === userId ? detail.user : null;
  useDocumentTitle(user ? intl.formatMessage(messages.editTitle, { name: user.name }) : messages.newTitle);

  useEffect(() => {
    dispatch(usersActions.editorReset());
    dispatch(usersActions.referencesRequested());
    if (userId) dispatch(usersActions.userRequested(userId));
  }, [dispatch, userId]);
  useEffect(() => {
    if (editor.status === 'saved' && editor.savedId) navigate(`/admin/users/${editor.savedId}`);
  }, [editor.status, editor.savedId, navigate]);

  const canAssignGroup = actor ? mayAssignGroup(actor) : false;
  const required = intl.formatMessage(messages.required);
  const formik = useFormik<Values>({
    initialValues: useMemo(() => initialValues(user, actor), [user, actor]),
    enableReinitialize: true,
    validationSchema: yup.object({
      name: yup.string().trim().required(required),
      email: yup
        .string()
        .required(required)
        .test('email', intl.formatMessage(messages.invalidEmail), (value) => !value || isValidEmail(value.trim())),
    }),
    onSubmit: (values) => {
      const input = toInput(values, editing, canAssignGroup);
      if (userId) dispatch(usersActions.updateRequested({ id: userId, user: input }));
      else dispatch(usersActions.createRequested(input));
    },
  });

  const fromServer = editor.status === 'failed' ? serverFieldErrors(intl, editor.error) : {};
  const fieldError = (name: keyof Values): string | undefined => (formik.touched[name] ? (formik.errors[name] as string | undefined) : undefined) ?? fromServer[name];
  const grantable: readonly string[] = actor ? grantableRoles(actor) : [];
  // Roles the account holds but the caller may not take away stay visible, ticked and locked.
  const shownRoles = ROLES.filter((role) => grantable.includes(role) || formik.values.roles.includes(role));
  const choice = (items: { id: string; label: string }[]): { value: string; label: string }[] => items.map((i) => ({ value: i.id, label: i.label }));
  const text = (name: keyof Values, label: keyof typeof messages, props: Record<string, unknown> = {}): ReactElement => (
    <TextInput label={intl.formatMessage(messages[label] as MessageDescriptor)} {...formik.getFieldProps(name)} error={fieldError(name)} {...props} />
  );
  const check = (name: keyof Values, label: keyof typeof messages, disabled = false): ReactElement => (
    <Checkbox label={intl.formatMessage(messages[label] as MessageDescriptor)} checked={Boolean(formik.values[name])} disabled={disabled} onChange={(e) => void formik.setFieldValue(name, e.currentTarget.checked)} />
  );

  if (editing && !user) {
    return detail.error ? <Alert color="red" role="alert">{intl.formatMessage(messages.loadUserError, { message: detail.error.message ?? '' })}</Alert> : <Text>…</Text>;
  }

  return (
    <Stack>
      <Title order={1}>{user ? intl.formatMessage(messages.editTitle, { name: user.name }) : intl.formatMessage(messages.newTitle)}</Title>
      {!editing && <Text size="sm">{intl.formatMessage(messages.newHint)}</Text>}
      <UnsavedChangesGuard isDirty={formik.dirty && editor.status !== 'saved' && editor.status !== 'saving'} />
      {editor.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.saveFailed, { message: editor.error?.message ?? '' })}
        </Alert>
      )}
      <form onSubmit={formik.handleSubmit} noValidate>
        <Stack>
          <Fieldset legend={intl.formatMessage(messages.legendBasic)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('name', 'name', { required: true, maxLength: 200 })}
              {text('email', 'email', { required: true, type: 'email', maxLength: 254 })}
              {text('phone', 'phone', { maxLength: 50 })}
              {text('legacyDoctorCode', 'legacyDoctorCode', { maxLength: 50 })}
              <Select
                label={intl.formatMessage(messages.institute)}
                data={choice(references.institutes)}
                searchable
                clearable={actor?.roles.includes('admin') ?? false}
                disabled={!actor?.roles.includes('admin')}
                value={formik.values.instituteId || null}
                onChange={(value) => void formik.setFieldValue('instituteId', value ?? '')}
                error={fieldError('instituteId')}
              />
              <Select
                label={intl.formatMessage(messages.registry)}
                data={choice(references.registries)}
                searchable
                clearable
                value={formik.values.registryId || null}
                onChange={(value) => void formik.setFieldValue('registryId', value ?? '')}
                error={fieldError('registryId')}
              />
              {text('country', 'country', { maxLength: 200 })}
              {text('city', 'city', { maxLength: 200 })}
              {text('displayId', 'displayId', { maxLength: 50 })}
              {check('doctor', 'doctor')}
            </SimpleGrid>
            <Textarea label={intl.formatMessage(messages.notes)} maxLength={2000} {...formik.getFieldProps('notes')} />
          </Fieldset>
          <Fieldset legend={intl.formatMessage(messages.legendAccount)}>
            <Stack>
              <Checkbox.Group label={intl.formatMessage(messages.roles)} value={formik.values.roles} onChange={(value) => void formik.setFieldValue('roles', value)} error={fieldError('roles')}>
                <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
                  {shownRoles.map((role) => (
                    <Checkbox key={role} value={role} label={intl.formatMessage(roleMessages[role])} disabled={!grantable.includes(role)} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
              <Select
                label={intl.formatMessage(messages.state)}
                data={(editing ? USER_STATES : (['active', 'inactive'] as const)).map((s) => ({ value: s, label: intl.formatMessage(stateMessages[s]) }))}
                value={formik.values.state}
                allowDeselect={false}
                onChange={(value) => void formik.setFieldValue('state', value ?? formik.values.state)}
              />
              {canAssignGroup && (
                <Select
                  label={intl.formatMessage(messages.userGroup)}
                  data={choice(references.groups)}
                  clearable
                  value={formik.values.userGroupId || null}
                  onChange={(value) => void formik.setFieldValue('userGroupId', value ?? '')}
                  error={fieldError('userGroupId')}
                />
              )}
            </Stack>
          </Fieldset>
          <Fieldset legend={intl.formatMessage(messages.legendMfa)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={intl.formatMessage(messages.mfaPolicy)}
                data={MFA_POLICIES.map((p) => ({ value: p, label: intl.formatMessage(mfaPolicyMessages[p]) }))}
                value={formik.values.mfaPolicy}
                allowDeselect={false}
                onChange={(value) => void formik.setFieldValue('mfaPolicy', value ?? 'user')}
              />
              <LocalizedDateInput
                label={intl.formatMessage(messages.mfaEnforcedAt)}
                name="mfaEnforcedAt"
                value={formik.values.mfaEnforcedAt}
                onChange={(value) => void formik.setFieldValue('mfaEnforcedAt', value)}
                error={fieldError('mfaEnforcedAt')}
              />
              <Text size="sm">
                {intl.formatMessage(messages.mfaConfigured)}: {intl.formatMessage(user?.mfaEnabled ? messages.yes : messages.no)}
              </Text>
              {user?.mfaEnabled && check('resetMfa', 'resetMfa')}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={intl.formatMessage(messages.legendInactivation)}>
            <Stack gap="xs">
              {check('preventAutomaticInactivation', 'preventAutomaticInactivation')}
              {check('deactivatedUsersNotification', 'deactivatedUsersNotification')}
              {check('inactiveUsersNotification', 'inactiveUsersNotification')}
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(userId ? `/admin/users/${userId}` : '/admin/users')}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" loading={editor.status === 'saving'}>
              {intl.formatMessage(messages.save)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
