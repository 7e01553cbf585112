// /admin/users/:userId: one user with every legend of the form, and the administrator's actions:
// edit, activate (the link of the "awaiting activation" e-mail lands here), deactivate, delete.
import { mayAdministerAccessLists } from '../../domain/permissions/administration';
import { EffectiveAccessPanel } from '../accessLists/EffectiveAccessPanel';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Alert, Anchor, Button, Fieldset, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { User } from '../../api/users';
import { ConfirmDialog } from '../../common/confirmDialog';
import type { Role } from '../../domain/permissions/roles';
import { selectAdminActor } from '../admin/adminActor';
import { messages, mfaPolicyMessages, roleMessages, stateMessages } from './messages';
import { usersActions } from './users.slice';
import { selectUserDetail, selectUserEditor, selectUserReferences } from './users.selectors';
import { useFormatter } from '../../i18n/useFormatter';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

type Pending = 'activate' | 'deactivate' | 'delete' | null;

function Item({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{children === null || children === '' ? '—' : children}</Text>
    </div>
  );
}

function UserFacts({ user }: { user: User }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const references = useAppSelector(selectUserReferences);
  const t = (key: keyof typeof messages): string => intl.formatMessage(messages[key] as MessageDescriptor);
  const yesNo = (value: boolean): string => t(value ? 'yes' : 'no');
  const label = (items: { id: string; label: string }[], id: string | null): string | null => (id ? (items.find((i) => i.id === id)?.label ?? id) : null);
  return (
    <>
      <Fieldset legend={t('legendBasic')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Item label={t('email')}>{user.email}</Item>
          <Item label={t('phone')}>{user.phone}</Item>
          <Item label={t('doctor')}>{yesNo(user.doctor)}</Item>
          <Item label={t('legacyDoctorCode')}>{user.legacyDoctorCode}</Item>
          <Item label={t('institute')}>{user.institute ? `${user.institute.name} (${user.institute.shortName})` : null}</Item>
          <Item label={t('country')}>{user.country}</Item>
          <Item label={t('city')}>{user.city}</Item>
          <Item label={t('registry')}>{label(references.registries, user.registryId)}</Item>
          <Item label={t('displayId')}>{user.displayId}</Item>
          <Item label={t('notes')}>{user.notes}</Item>
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('legendAccount')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Item label={t('roles')}>{user.roles.map((role) => (role in roleMessages ? intl.formatMessage(roleMessages[role as Role]) : role)).join(', ')}</Item>
          <Item label={t('state')}>{intl.formatMessage(stateMessages[user.state])}</Item>
          <Item label={t('userGroup')}>{label(references.groups, user.userGroupId)}</Item>
          <Item label={t('lastLoginAt')}>{user.lastLoginAt ? format.dateTime(user.lastLoginAt) : null}</Item>
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('legendMfa')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Item label={t('mfaPolicy')}>{intl.formatMessage(mfaPolicyMessages[user.mfaPolicy])}</Item>
          <Item label={t('mfaEnforcedAt')}>{user.mfaEnforcedAt ? format.date(user.mfaEnforcedAt) : null}</Item>
          <Item label={t('mfaConfigured')}>{yesNo(user.mfaEnabled)}</Item>
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('legendInactivation')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Item label={t('preventAutomaticInactivation')}>{yesNo(user.preventAutomaticInactivation)}</Item>
          <Item label={t('deactivatedUsersNotification')}>{yesNo(user.deactivatedUsersNotification)}</Item>
          <Item label={t('inactiveUsersNotification')}>{yesNo(user.inactiveUsersNotification)}</Item>
        </SimpleGrid>
      </Fieldset>
    </>
  );
}

const NOTICES = { activated: messages.activatedNotice, deactivated: messages.deactivatedNotice, deleted: messages.deletedNotice } as const;

export function UserDetailsPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { userId = '' } = useParams();
  const detail = useAppSelector(selectUserDetail);
  const editor = useAppSelector(selectUserEditor);
  const actor = useAppSelector(selectAdminActor);
  const [pending, setPending] = useState<Pending>(null);
  const user = detail.user?.id === userId ? detail.user : null;
  useDocumentTitle(user ? user.name : messages.title);

  useEffect(() => {
    dispatch(usersActions.userRequested(userId));
    dispatch(usersActions.referencesRequested());
  }, [dispatch, userId]);

  if (!user) {
    return detail.error ? (
      <Alert color="red" role="alert">
        {intl.formatMessage(messages.loadUserError, { message: detail.error.message ?? '' })}
      </Alert>
    ) : (
      <Text>…</Text>
    );
  }

  const saved = editor.status === 'saved' && editor.savedId === userId;
  const notice = saved ? intl.formatMessage(editor.outcome ? NOTICES[editor.outcome] : messages.savedNotice) : null;
  const deleted = saved && editor.outcome === 'deleted';
  const self = actor?.id === user.id;
  const confirm = (): void => {
    if (pending === 'delete') dispatch(usersActions.deleteRequested(user.id));
    else if (pending) dispatch(usersActions.stateChangeRequested({ user, state: pending === 'activate' ? 'active' : 'inactive' }));
    setPending(null);
  };
  const dialogTitle = pending ? intl.formatMessage(pending === 'activate' ? messages.activateConfirm : pending === 'deactivate' ? messages.deactivateConfirm : messages.deleteConfirm, { name: user.name }) : '';

  return (
    <Stack>
      <Anchor component={Link} to="/admin/users">
        {intl.formatMessage(messages.backToList)}
      </Anchor>
      <Title order={1}>{user.name}</Title>
      <div role="status" aria-live="polite">
        {notice && <Alert color="green">{notice}</Alert>}
      </div>
      {editor.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.actionFailed, { message: editor.error?.message ?? '' })}
        </Alert>
      )}
      {!deleted && (
        <Group>
          <Button component={Link} to={`/admin/users/${user.id}/edit`}>
            {intl.formatMessage(messages.edit)}
          </Button>
          {(user.state === 'confirmed' || user.state === 'inactive') && <Button onClick={() => setPending('activate')}>{intl.formatMessage(messages.activate)}</Button>}
          {(user.state === 'confirmed' || user.state === 'active') && !self && (
            <Button variant="outline" color="orange" onClick={() => setPending('deactivate')}>
              {intl.formatMessage(messages.deactivate)}
            </Button>
          )}
          {!self && (
            <Button variant="outline" color="red" onClick={() => setPending('delete')}>
              {intl.formatMessage(messages.delete)}
            </Button>
          )}
        </Group>
      )}
      {!deleted && <UserFacts user={user} />}
      {/* Access entries are central admins' business, like the read behind this panel. */}
      {!deleted && actor && mayAdministerAccessLists(actor) && <EffectiveAccessPanel userId={user.id} />}
      <ConfirmDialog
        opened={pending !== null}
        title={dialogTitle}
        body={pending === 'delete' ? <Text size="sm">{intl.formatMessage(user.hasClinicalRecords ? messages.deleteDeactivatesBody : messages.deleteBody)}</Text> : undefined}
        danger={pending !== 'activate'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
