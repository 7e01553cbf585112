// /data-import/new (data_importer and admin; the server checks the role and every row's rights):
// the new import form, over the registries where the caller may write forms.
import { useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { dataImportActions } from './dataImport.slice';
import { selectDataImport } from './dataImport.selectors';
import { ImportJobForm } from './ImportJobForm';
import { messages } from './messages';

export function NewImportJobPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { registries, registriesError } = useAppSelector(selectDataImport);
  useDocumentTitle(messages.newTitle);
  useEffect(() => {
    dispatch(dataImportActions.newJobOpened());
  }, [dispatch]);

  return (
    <Stack gap="lg">
      <Title order={1}>{intl.formatMessage(messages.newTitle)}</Title>
      <Text>{intl.formatMessage(messages.newIntro)}</Text>
      <Anchor component={Link} to="/data-import/jobs">
        {intl.formatMessage(messages.jobsLink)}
      </Anchor>
      {registriesError && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.registriesError, { message: registriesError.message ?? registriesError.code })}
        </Alert>
      )}
      {!registries && !registriesError && <Loader aria-label={intl.formatMessage(messages.newTitle)} />}
      {registries && registries.length === 0 && <Alert color="yellow">{intl.formatMessage(messages.nothingToImport)}</Alert>}
      {registries && registries.length > 0 && <ImportJobForm registries={registries} />}
    </Stack>
  );
}
