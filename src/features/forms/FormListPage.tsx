// /forms/approvable and /forms/correctable: the monitor's and the investigator's to-do lists. The
// form page itself comes with its own issue; a row links to the attendance list meanwhile.
import { useEffect, useMemo, type ReactElement } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { FormListKind, ListedForm } from '../../api/forms';
import { createGridQuery, DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { FORM_STATES } from '../../domain/forms/lifecycle';
import { selectPerPage } from '../profile/profile.selectors';
import { FormStateBadge } from './FormStateBadge';
import { formListsActions } from './formLists.slice';
import { makeSelectFormList } from './formLists.selectors';
import { messages, stateMessages } from './messages';
import { rejectionMessages } from './rejectionMessages';
import { RejectionSummary } from './RejectionSummary';
import { useFormatter } from '../../i18n/useFormatter';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

const COLUMNS: DataGridColumn<ListedForm>[] = [
  {
    id: 'displayId',
    header: messages.displayId,
    // The identifier opens the form: approving or correcting is what these lists are for.
    cell: (f) => (
      <Anchor component={Link} to={`/forms/${f.id}`}>
        {f.displayId}
      </Anchor>
    ),
    sortable: true,
    filter: { type: 'text' },
  },
  // Filter and sort only where the server's to-do lists allow it (server/forms/forms.todo.ts).
  { id: 'formTypeName', header: messages.formType, cell: (f) => f.formTypeName },
  {
    id: 'patient',
    header: messages.patient,
    cell: (f) => (
      <Anchor component={Link} to={`/patients/${f.patient.id}/attendances`}>
        {f.patient.internalPatientNumber}
      </Anchor>
    ),
  },
  { id: 'attendance', header: messages.attendance, cell: (f) => f.attendance.displayId },
  { id: 'registry', header: messages.registry, cell: (f) => f.registry.shortName },
  {
    id: 'state',
    header: messages.state,
    cell: (f) => <FormStateBadge state={f.state} />,
    filter: { type: 'select', options: FORM_STATES.map((s) => ({ value: s, label: stateMessages[s] })) },
  },
  { id: 'approvals', header: messages.approvals, cell: (f) => <Approvals levels={f.approvals} /> },
  { id: 'updatedAt', header: messages.updatedAt, cell: (f) => <DateTime value={f.updatedAt} />, sortable: true },
];

/** The correctable list also says why each form came back. */
const CORRECTABLE_COLUMNS: DataGridColumn<ListedForm>[] = [
  ...COLUMNS.slice(0, 6),
  { id: 'rejection', header: rejectionMessages.column, cell: (f) => <RejectionSummary rejection={f.rejection} /> },
  ...COLUMNS.slice(6),
];

function Approvals({ levels }: { levels: number[] }): ReactElement {
  const intl = useIntl();
  return <>{levels.length === 0 ? intl.formatMessage(messages.noApprovals) : intl.formatMessage(messages.approvalLevels, { levels: levels.join(', ') })}</>;
}

function DateTime({ value }: { value: string }): ReactElement {
  return <>{useFormatter().dateTime(value)}</>;
}

export function FormListPage({ kind }: { kind: FormListKind }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const selectList = useMemo(() => makeSelectFormList(), []);
  const list = useAppSelector((state) => selectList(state, kind));
  const perPage = useAppSelector(selectPerPage);
  const title = kind === 'approvable' ? messages.approvableTitle : messages.correctableTitle;
  useDocumentTitle(title);

  // Every visit starts from the first page with the user's page size.
  useEffect(() => void dispatch(formListsActions.queryChanged({ kind, query: createGridQuery(perPage) })), [dispatch, kind, perPage]);

  const query = list.query ?? createGridQuery(perPage);
  const change = (next: GridQuery): void => void dispatch(formListsActions.queryChanged({ kind, query: next }));
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(title)}</Title>
      <Text size="sm">{intl.formatMessage(kind === 'approvable' ? messages.approvableIntro : messages.correctableIntro)}</Text>
      {list.error && (
        <Text c="red" role="alert">
          {intl.formatMessage(messages.loadError)}
        </Text>
      )}
      <DataGrid
        label={title}
        columns={kind === 'correctable' ? CORRECTABLE_COLUMNS : COLUMNS}
        rows={list.items}
        total={list.total}
        loading={list.loading}
        error={list.error}
        query={query}
        onQueryChange={change}
        onRetry={() => change(query)}
        getRowId={(f) => f.id}
      />
    </Stack>
  );
}

export function ApprovableFormsPage(): ReactElement {
  return <FormListPage kind="approvable" />;
}

export function CorrectableFormsPage(): ReactElement {
  return <FormListPage kind="correctable" />;
}
