// /biobank (the user's institute) and /central-biobank (every institute): the sample grid with its
// filters, the search box a scanner types into (a whole sample number and Enter opens the sample),
// a choice of samples for label printing, and "New sample" where the caller may create samples.
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { BioSample } from '../../api/bioSamples';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { createGridQuery, DataGrid, type DataGridColumn } from '../../common/dataGrid';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { useFormatter } from '../../i18n/useFormatter';
import { selectPerPage } from '../profile/profile.selectors';
import { biobankActions, type BiobankScope } from './biobank.slice';
import { selectBiobank, selectHoldsBioCode } from './biobank.selectors';
import { messages, stateMessages } from './messages';
import { SampleFilters } from './SampleFilters';
import { labelsPath, newSamplePath, samplePath, usePositionText } from './sampleText';

function useColumns(scope: BiobankScope, selected: Set<string>, toggle: (id: string) => void): DataGridColumn<BioSample>[] {
  const intl = useIntl();
  const format = useFormatter();
  const position = usePositionText();
  return useMemo(
    () => [
      {
        id: 'select',
        header: messages.selectColumn,
        cell: (s: BioSample) => (
          <Checkbox aria-label={intl.formatMessage(messages.selectSample, { number: s.sampleNumber })} checked={selected.has(s.id)} onChange={() => toggle(s.id)} />
        ),
        width: 40,
      },
      {
        id: 'sampleNumber',
        header: messages.sampleNumber,
        sortable: true,
        cell: (s: BioSample) => (
          <Anchor component={Link} to={samplePath(scope, s.id)} aria-label={intl.formatMessage(messages.open, { number: s.sampleNumber })}>
            {s.sampleNumber}
          </Anchor>
        ),
      },
      { id: 'bioSampleType', header: messages.type, cell: (s: BioSample) => s.bioSampleType.name },
      { id: 'state', header: messages.state, sortable: true, cell: (s: BioSample) => intl.formatMessage(stateMessages[s.state]) },
      { id: 'patient', header: messages.patient, cell: (s: BioSample) => s.patient.internalPatientNumber },
      { id: 'registry', header: messages.registry, cell: (s: BioSample) => s.registry.shortName },
      ...(scope === null ? [{ id: 'institute', header: messages.institute, cell: (s: BioSample) => s.institute.name }] : []),
      { id: 'sampleCollectedAt', header: messages.collectedAt, sortable: true, cell: (s: BioSample) => format.dateTime(s.sampleCollectedAt) },
      { id: 'amount', header: messages.amount, cell: (s: BioSample) => (s.amount === null ? '' : `${format.number(s.amount)} ${s.bioSampleType.unit}`) },
      { id: 'localization', header: messages.position, cell: (s: BioSample) => position(s) ?? '' },
    ],
    [scope, selected, toggle, intl, format, position],
  );
}

export function BiobankListPage({ central = false }: { central?: boolean }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const scope: BiobankScope = central ? null : (user?.institute?.id ?? null);
  useDocumentTitle(central ? messages.centralTitle : messages.listTitle);
  const state = useAppSelector(selectBiobank);
  const perPage = useAppSelector(selectPerPage);
  const mayCreate = useAppSelector((s: RootState) => selectHoldsBioCode(s, 'create_institute_bio_sample'));
  // The list keeps its filters when the user comes back to it; the search box shows the one it keeps.
  const [term, setTerm] = useState(() => state.filters.search ?? '');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = useMemo(
    () => (id: string) =>
      setSelected((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const columns = useColumns(scope, selected, toggle);
  const noInstitute = !central && scope === null;

  useEffect(() => {
    if (noInstitute) return;
    dispatch(biobankActions.scopeChanged(scope));
    dispatch(biobankActions.referencesRequested(scope));
    dispatch(biobankActions.listQueryChanged(createGridQuery(perPage)));
  }, [dispatch, scope, perPage, noInstitute]);

  // The scanned number's sample opens as soon as the search found it.
  useEffect(() => {
    if (state.scan.openId) {
      const id = state.scan.openId;
      dispatch(biobankActions.scanConsumed());
      void navigate(samplePath(scope, id));
    }
  }, [state.scan.openId, dispatch, navigate, scope]);

  if (noInstitute) return <Alert color="yellow">{intl.formatMessage(messages.noInstitute)}</Alert>;
  const forbidden = state.list.error?.status === 403;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{intl.formatMessage(central ? messages.centralTitle : messages.listTitle)}</Title>
        <Group>
          {selected.size > 0 && (
            <Button variant="default" component={Link} to={labelsPath(scope, [...selected])}>
              {intl.formatMessage(messages.printLabels, { count: selected.size })}
            </Button>
          )}
          {mayCreate && (
            <Button component={Link} to={newSamplePath(scope, null)}>
              {intl.formatMessage(messages.newSample)}
            </Button>
          )}
        </Group>
      </Group>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (term.trim() === '') dispatch(biobankActions.filtersChanged({ ...state.filters, search: undefined }));
          else dispatch(biobankActions.scanSubmitted(term));
        }}
      >
        <TextInput label={intl.formatMessage(messages.scanLabel)} description={intl.formatMessage(messages.scanHint)} value={term} onChange={(e) => setTerm(e.currentTarget.value)} />
      </form>
      <div role="status" aria-live="polite">
        {state.scan.status === 'notFound' && <Alert color="yellow">{intl.formatMessage(messages.scanNotFound, { term: state.scan.term })}</Alert>}
      </div>
      <SampleFilters filters={state.filters} onChange={(filters) => dispatch(biobankActions.filtersChanged({ ...filters, search: state.filters.search }))} withBoxes={!central} />
      {forbidden ? (
        <Alert color="yellow" role="alert">
          {intl.formatMessage(messages.noPermission)}
        </Alert>
      ) : (
        <DataGrid
          label={messages.gridLabel}
          columns={columns}
          rows={state.list.items}
          total={state.list.total}
          loading={state.list.loading}
          error={state.list.error}
          query={state.list.query ?? createGridQuery(perPage)}
          onQueryChange={(query) => dispatch(biobankActions.listQueryChanged(query))}
          onRetry={() => dispatch(biobankActions.listRetried())}
          getRowId={(s) => s.id}
        />
      )}
    </Stack>
  );
}

export function CentralBiobankPage(): ReactElement {
  return <BiobankListPage central />;
}
