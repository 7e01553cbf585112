// The statistics filters: registry, institute and date range (both ends included). A range that
// runs backwards is refused here as the server would refuse it ("from" after "to").
import { useState, type FormEvent, type ReactElement } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { StatisticsFilters } from '../../api/statistics';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';
import { EMPTY_FILTERS, type FilterChoice } from './statistics.slice';
import { messages } from './messages';

export interface StatisticsFiltersFormProps {
  filters: StatisticsFilters;
  registries: FilterChoice[];
  institutes: FilterChoice[];
  onApply: (filters: StatisticsFilters) => void;
}

export function StatisticsFiltersForm({ filters, registries, institutes, onApply }: StatisticsFiltersFormProps): ReactElement {
  const intl = useIntl();
  const [draft, setDraft] = useState<StatisticsFilters>(filters);
  const backwards = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
  const rangeError = backwards
    ? intl.formatMessage({ id: 'validation.string.dateRange', defaultMessage: '"{first}" date have to be earlier than "{second}" date' }, { first: intl.formatMessage(messages.from), second: intl.formatMessage(messages.to) })
    : undefined;
  const all = { value: '', label: intl.formatMessage(messages.all) };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!backwards) onApply(draft);
  };
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage(messages.filters)}>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={intl.formatMessage(messages.registry)}
          value={draft.registryId}
          data={[all, ...registries.map((r) => ({ value: r.id, label: r.name }))]}
          onChange={(event) => {
            const registry = registries.find((r) => r.id === event.currentTarget.value);
            setDraft({ ...draft, registryId: registry?.id ?? '', registryShortName: registry?.shortName ?? '' });
          }}
        />
        <NativeSelect
          label={intl.formatMessage(messages.institute)}
          value={draft.instituteId}
          data={[all, ...institutes.map((i) => ({ value: i.id, label: i.name }))]}
          onChange={(event) => setDraft({ ...draft, instituteId: event.currentTarget.value })}
        />
        <LocalizedDateInput label={intl.formatMessage(messages.from)} value={draft.from} onChange={(from) => setDraft({ ...draft, from })} error={rangeError} />
        <LocalizedDateInput label={intl.formatMessage(messages.to)} value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <Button type="submit">{intl.formatMessage(messages.apply)}</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          {intl.formatMessage(messages.reset)}
        </Button>
      </Group>
    </form>
  );
}
