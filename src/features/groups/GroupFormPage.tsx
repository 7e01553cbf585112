// /admin/groups/new and /admin/groups/:groupId: a group's name, type and members (search by name,
// add, remove). Deleting a group that access entries use is refused with the server's explanation.
import { useEffect, useState, type ReactElement } from 'react';
import { ActionIcon, Alert, Button, Fieldset, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { GroupMember } from '../../api/users';
import { ConfirmDialog } from '../../common/confirmDialog';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { groupsActions } from './groups.slice';
import { selectGroupDetail, selectGroupEditor, selectMemberSearch } from './groups.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

interface Values {
  name: string;
  groupType: string;
  members: GroupMember[];
}

export function GroupFormPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { groupId } = useParams();
  const detail = useAppSelector(selectGroupDetail);
  const editor = useAppSelector(selectGroupEditor);
  const search = useAppSelector(selectMemberSearch);
  const [confirming, setConfirming] = useState(false);
  const group = groupId && detail.group?.id === groupId ? detail.group : null;
  useDocumentTitle(group ? intl.formatMessage(messages.editTitle, { name: group.name }) : messages.newTitle);

  useEffect(() => {
    dispatch(groupsActions.editorReset());
    if (groupId) dispatch(groupsActions.groupRequested(groupId));
  }, [dispatch, groupId]);
  useEffect(() => {
    if (editor.status === 'saved' || editor.status === 'deleted') navigate('/admin/groups');
  }, [editor.status, navigate]);

  const formik = useFormik<Values>({
    initialValues: { name: group?.name ?? '', groupType: group?.groupType ?? '', members: group?.members ?? [] },
    enableReinitialize: true,
    validationSchema: yup.object({ name: yup.string().trim().required(intl.formatMessage(messages.required)) }),
    onSubmit: (values) => {
      const input = { name: values.name.trim(), groupType: values.groupType.trim() || null, memberIds: values.members.map((m) => m.id) };
      if (groupId) dispatch(groupsActions.updateRequested({ id: groupId, group: input }));
      else dispatch(groupsActions.createRequested(input));
    },
  });

  if (groupId && !group) {
    return detail.error ? (
      <Alert color="red" role="alert">
        {intl.formatMessage(messages.loadGroupError, { message: detail.error.message ?? '' })}
      </Alert>
    ) : (
      <Text>…</Text>
    );
  }

  const fromServer = editor.status === 'failed' ? serverFieldErrors(intl, editor.error) : {};
  const members = formik.values.members;
  const candidates = search.items.filter((user) => !members.some((m) => m.id === user.id));
  const setMembers = (next: GroupMember[]): void => void formik.setFieldValue('members', next);

  return (
    <Stack>
      <Title order={1}>{group ? intl.formatMessage(messages.editTitle, { name: group.name }) : intl.formatMessage(messages.newTitle)}</Title>
      {editor.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.failed, { message: editor.error?.message ?? '' })}
        </Alert>
      )}
      <form onSubmit={formik.handleSubmit} noValidate>
        <Stack>
          <TextInput label={intl.formatMessage(messages.name)} required maxLength={200} {...formik.getFieldProps('name')} error={(formik.touched.name && formik.errors.name) || fromServer.name} />
          <TextInput label={intl.formatMessage(messages.groupType)} maxLength={200} {...formik.getFieldProps('groupType')} />
          <Fieldset legend={intl.formatMessage(messages.members)}>
            <Stack>
              {members.length === 0 ? (
                <Text size="sm">{intl.formatMessage(messages.noMembers)}</Text>
              ) : (
                <List>
                  {members.map((member) => (
                    <List.Item key={member.id}>
                      <Group gap="xs">
                        <Text size="sm">
                          {member.name} ({member.email})
                        </Text>
                        <ActionIcon variant="subtle" color="red" aria-label={intl.formatMessage(messages.remove, { name: member.name })} onClick={() => setMembers(members.filter((m) => m.id !== member.id))}>
                          ×
                        </ActionIcon>
                      </Group>
                    </List.Item>
                  ))}
                </List>
              )}
              <TextInput label={intl.formatMessage(messages.searchUsers)} value={search.term} onChange={(e) => dispatch(groupsActions.memberSearchChanged(e.currentTarget.value))} />
              <Group gap="xs">
                {candidates.map((user) => (
                  <Button key={user.id} size="compact-sm" variant="light" onClick={() => setMembers([...members, user])}>
                    {intl.formatMessage(messages.add, { name: user.name })}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Fieldset>
          <Group justify="space-between">
            {group ? (
              <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
                {intl.formatMessage(messages.delete)}
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={() => navigate('/admin/groups')}>
                {intl.formatMessage(messages.cancel)}
              </Button>
              <Button type="submit" loading={editor.status === 'saving'}>
                {intl.formatMessage(messages.save)}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      {group && (
        <ConfirmDialog
          opened={confirming}
          title={intl.formatMessage(messages.deleteConfirm, { name: group.name })}
          danger
          onConfirm={() => {
            dispatch(groupsActions.deleteRequested(group.id));
            setConfirming(false);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
