// The matrix's own filters above the grid: institute, "attendances with a form in state X" and
// "needs my action". Each is one clause of the grid query, so paging and sorting keep them.
import type { ReactElement } from 'react';
import { Group, Select, Switch } from '@mantine/core';
import { useIntl } from 'react-intl';
import { withFilterClause, type GridQuery } from '../../common/dataGrid';
import { FORM_STATES } from '../../domain/forms/lifecycle';
import { stateMessages } from '../forms/messages';
import { messages } from './messages';

interface MatrixFiltersProps {
  query: GridQuery;
  institutes: readonly { id: string; shortName: string }[];
  onChange: (query: GridQuery) => void;
}

const valueOf = (query: GridQuery, field: string): string => query.filter.find((clause) => clause.field === field)?.value ?? '';

export function MatrixFilters({ query, institutes, onChange }: MatrixFiltersProps): ReactElement {
  const intl = useIntl();
  const any = { value: '', label: intl.formatMessage(messages.filterAny) };
  const set = (field: string, value: string | null): void =>
    onChange(withFilterClause(query, field, value ? { field, operator: '==', value } : null));
  return (
    <Group align="flex-end">
      <Select
        label={intl.formatMessage(messages.filterInstitute)}
        data={[any, ...institutes.map((i) => ({ value: i.id, label: i.shortName }))]}
        value={valueOf(query, 'instituteId')}
        onChange={(value) => set('instituteId', value)}
        allowDeselect={false}
      />
      <Select
        label={intl.formatMessage(messages.filterState)}
        data={[any, ...FORM_STATES.map((state) => ({ value: state, label: intl.formatMessage(stateMessages[state]) }))]}
        value={valueOf(query, 'state')}
        onChange={(value) => set('state', value)}
        allowDeselect={false}
      />
      <Switch
        label={intl.formatMessage(messages.filterNeedsMyAction)}
        checked={valueOf(query, 'needsMyAction') === 'true'}
        onChange={(event) => set('needsMyAction', event.currentTarget.checked ? 'true' : null)}
        mb={6}
      />
    </Group>
  );
}
