// /biobank/new: registers a sample at the user's institute (`?central=1`: through the central calls,
// at the patient's institute); `?ancestor=<id>` derives one from an existing sample (same patient and
// registry, the ancestor fixed). Saved, the new sample opens.
import { useEffect, type ReactElement } from 'react';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import type { BioSampleInput } from '../../api/bioSamples';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { notify } from '../../common/notify';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { biobankActions } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';
import { messages } from './messages';
import { SampleForm } from './SampleForm';
import { listPath, samplePath } from './sampleText';

export function NewSamplePage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ancestorId = params.get('ancestor');
  const ownInstitute = useAppSelector(selectCurrentUser)?.institute?.id ?? null;
  const central = params.get('central') === '1';
  const scope = central ? null : ownInstitute;
  const { sample, editor } = useAppSelector(selectBiobank);
  const ancestor = ancestorId && sample.item?.id === ancestorId ? sample.item : null;
  useDocumentTitle(ancestor ? messages.deriveTitle : messages.newTitle, { number: ancestor?.sampleNumber ?? '' });

  useEffect(() => {
    dispatch(biobankActions.scopeChanged(scope));
    dispatch(biobankActions.referencesRequested(scope));
    dispatch(biobankActions.editorReset());
    if (ancestorId) dispatch(biobankActions.sampleRequested({ scope, id: ancestorId }));
  }, [dispatch, scope, ancestorId]);

  useEffect(() => {
    if (editor.status === 'saved' && editor.saved) {
      notify(intl.formatMessage(messages.savedNotice, { number: editor.saved.sampleNumber }));
      dispatch(biobankActions.editorReset());
      void navigate(samplePath(scope, editor.saved.id));
    }
  }, [editor.status, editor.saved, intl, dispatch, navigate, scope]);

  if (!central && scope === null) return <Alert color="yellow">{intl.formatMessage(messages.noInstitute)}</Alert>;
  if (ancestorId && !ancestor) return sample.status === 'failed' ? <Alert color="red">{intl.formatMessage(messages.sampleLoadError)}</Alert> : <Loader />;
  return (
    <Stack maw={640}>
      <Title order={1}>{ancestor ? intl.formatMessage(messages.deriveTitle, { number: ancestor.sampleNumber }) : intl.formatMessage(messages.newTitle)}</Title>
      {editor.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.saveFailed, { reason: editor.error?.message ?? '' })}
        </Alert>
      )}
      <SampleForm
        key={ancestor?.id ?? 'new'}
        sample={null}
        ancestor={ancestor}
        central={central}
        saving={editor.status === 'saving'}
        onSubmit={(input: Partial<BioSampleInput>) => dispatch(biobankActions.saveRequested({ scope, id: null, input }))}
        onCancel={() => void navigate(ancestor ? samplePath(scope, ancestor.id) : listPath(scope))}
      />
    </Stack>
  );
}
