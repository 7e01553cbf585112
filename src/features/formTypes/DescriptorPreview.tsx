// A descriptor version as administrators inspect it: the form section list (sections with their
// fields, nested groups indented) and the form engine rendering it in a chosen view type, with
// local state only (the sandbox's renderer, for real form types and imports).
import { useMemo, useState, type ReactElement } from 'react';
import { Alert, List, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatDescriptorErrors, loadDescriptor, VIEW_TYPES, type FieldDescriptor, type FieldLockMap, type FieldReviewMap, type FormDescriptor, type FormValues, type ViewType } from '../../domain/forms';
import { FormEngine, type FormPermissions } from '../../formEngine';
import { messages } from './messages';

const VIEW_LABELS = { read: messages.viewRead, new: messages.viewNew, edit: messages.viewEdit, inspect: messages.viewInspect, correct: messages.viewCorrect } as const;
const PREVIEW_USER = 'preview';
const NO_LOCKS: FieldLockMap = {};

function FieldItems({ fields, labels }: { fields: readonly FieldDescriptor[]; labels: Record<string, string> }): ReactElement {
  return (
    <List size="sm" withPadding>
      {fields.map((field) => (
        <List.Item key={field.id}>
          {labels[field.label ?? field.id] ?? field.id} <Text span c="dimmed" size="xs">({field.id}, {field.type})</Text>
          {'fields' in field && Array.isArray(field.fields) && <FieldItems fields={field.fields as FieldDescriptor[]} labels={labels} />}
        </List.Item>
      ))}
    </List>
  );
}

export function SectionList({ descriptor }: { descriptor: FormDescriptor }): ReactElement {
  const intl = useIntl();
  return (
    <section aria-label={intl.formatMessage(messages.sectionList)}>
      <Title order={3} size="h5">{intl.formatMessage(messages.sectionList)}</Title>
      {descriptor.form.sections.map((section) => {
        const meta = descriptor.sections.find((s) => s.id === section.id);
        return (
          <div key={section.id}>
            <Text fw={600}>{descriptor.labels[meta?.label ?? section.id] ?? section.id}</Text>
            <FieldItems fields={section.fields} labels={descriptor.labels} />
          </div>
        );
      })}
    </section>
  );
}

export function DescriptorPreview({ document }: { document: Record<string, unknown> }): ReactElement {
  const intl = useIntl();
  const [viewType, setViewType] = useState<ViewType>(VIEW_TYPES.new);
  const [values, setValues] = useState<FormValues>({});
  const [reviews, setReviews] = useState<FieldReviewMap>({});
  const loaded = useMemo(() => loadDescriptor(document), [document]);
  const permissions = useMemo<FormPermissions>(() => ({ view: true, edit: true, inspect: true, fix: true, censoredFields: [] }), []);
  if (!loaded.ok) {
    return <Alert color="red" role="alert">{intl.formatMessage(messages.previewFailed, { details: formatDescriptorErrors(loaded.errors).slice(0, 5).join('; ') })}</Alert>;
  }
  return (
    <Stack>
      <SectionList descriptor={loaded.descriptor} />
      <section aria-label={intl.formatMessage(messages.preview)}>
        <Title order={3} size="h5">{intl.formatMessage(messages.preview)}</Title>
        <NativeSelect
          label={intl.formatMessage(messages.viewType)}
          value={viewType}
          w={200}
          data={Object.values(VIEW_TYPES).map((v) => ({ value: v, label: intl.formatMessage(VIEW_LABELS[v]) }))}
          onChange={(e) => setViewType(e.currentTarget.value as ViewType)}
        />
        <FormEngine
          descriptor={loaded.descriptor}
          values={values}
          reviews={reviews}
          permissions={permissions}
          viewType={viewType}
          locks={NO_LOCKS}
          onStartFix={() => undefined}
          onEndFix={() => undefined}
          userId={PREVIEW_USER}
          onChange={() => undefined}
          onSubmit={(request) => setValues(request.values)}
          onReview={(next) => setReviews(next)}
          onFormAction={() => undefined}
        />
      </section>
    </Stack>
  );
}
