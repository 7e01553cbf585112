// The field tree: value fields, static texts, dependent groups (shown while their predicate holds)
// and multi-fields (entries added and, after a confirmation, removed in editable modes only).
import { Component, memo, useMemo, useReducer, type ReactElement } from 'react';
import { Button, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { joinPath, labelKeyOf, type DependentGroup, type FieldDescriptor, type FormDescriptor, type MultiField, type StaticTextField } from '../../domain/forms';
import { EDITABLE_MODES, EngineStoreContext, renderModeOf, useChannel, useEngineSettings, useEngineStore, type EngineSettings } from '../EngineContext';
import type { EngineStore } from '../engineStore';
import { domIdOf, issueText } from '../issues';
import { messages } from '../messages';
import styles from '../formEngine.module.css';
import { sectionLabel } from '../SectionNav';
import { Field } from './Field';
import { lightFieldRef, type LightRef } from './lightFieldRef';
import { isLightNow } from './lightView';

/**
 * The shown sections (the current one, or all of them). Memoised: submit flags and the pane live in
 * the engine's state, and changing them must not walk the whole field tree.
 */
export const SectionList = memo(function SectionList({
  descriptor,
  allSections,
  current,
}: {
  descriptor: FormDescriptor;
  allSections: boolean;
  current: number;
}): ReactElement {
  const shown = allSections ? descriptor.form.sections.map((_, i) => i) : [current];
  return (
    <>
      {shown.map((i) => (
        <section key={descriptor.form.sections[i].id} className={styles.section} aria-labelledby={`fe-section-${i}`}>
          <h2 id={`fe-section-${i}`}>{sectionLabel(descriptor, i)}</h2>
          <FieldList fields={descriptor.form.sections[i].fields} scope="" />
        </section>
      ))}
    </>
  );
});

// No wrapper component per node: a 2000-field form would pay a fiber and a memo check for each.
export const FieldList = memo(function FieldList({ fields, scope }: { fields: readonly FieldDescriptor[]; scope: string }): ReactElement {
  const settings = useEngineSettings();
  // A light field that stops being light (a review arrives) asks the list to render it as a Field.
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const lightRef = useMemo(() => lightFieldRef(settings, fields, scope, renderAgain), [settings, fields, scope]);
  return <>{fields.map((field) => fieldNode(field, scope, settings, lightRef))}</>;
});

function fieldNode(field: FieldDescriptor, scope: string, settings: EngineSettings, lightRef: LightRef): ReactElement {
  const path = joinPath(scope, field.id);
  switch (field.type) {
    case 'dependentGroup':
      return <DependentGroupView key={field.id} field={field} path={path} scope={scope} />;
    case 'multiField':
      return <MultiFieldView key={field.id} field={field} path={path} />;
    case 'staticText':
      return <StaticText key={field.id} field={field} />;
    default:
      // A light field is its wrapper alone, painted by lightRef; a yes/no group is a fieldset.
      if (isLightNow(settings, field, path))
        return field.type === 'boolean' ? <fieldset key={field.id} ref={lightRef} data-field={path} /> : <div key={field.id} ref={lightRef} data-field={path} />;
      return <Field key={field.id} field={field} path={path} />;
  }
}

function StaticText({ field }: { field: StaticTextField }): ReactElement {
  const { descriptor } = useEngineStore();
  return (
    <div className={styles.staticText}>
      {field.label && descriptor.labels[labelKeyOf(field)] && <strong>{descriptor.labels[labelKeyOf(field)]}</strong>}
      <p>{descriptor.labels[field.text] ?? field.text}</p>
    </div>
  );
}

/**
 * A dependent group, shown while its predicate holds. A class subscribed straight to its channel,
 * like Field: a 2000-field form has 200 of them, and useSyncExternalStore costs a hook, two
 * effects and a closure each, for groups that mostly stay hidden.
 */
class DependentGroupView extends Component<{ field: DependentGroup; path: string; scope: string }> {
  static override contextType = EngineStoreContext;
  declare context: EngineStore;
  private renderedVersion = -1;

  /** Called by the store on a bump of the group's channel. */
  storeChanged(): void {
    this.forceUpdate();
  }

  override componentDidMount(): void {
    this.context.subscribe(this.props.path, this);
    // A bump between render and subscription would otherwise be missed.
    if (this.context.version(this.props.path) !== this.renderedVersion) this.forceUpdate();
  }

  override shouldComponentUpdate(next: { field: DependentGroup; path: string; scope: string }): boolean {
    // Like memo(): the parent re-rendering alone changes nothing; store bumps use forceUpdate.
    return next.field !== this.props.field || next.path !== this.props.path || next.scope !== this.props.scope;
  }

  override componentDidUpdate(previous: { path: string }): void {
    if (previous.path === this.props.path) return;
    this.context.unsubscribe(previous.path, this);
    this.context.subscribe(this.props.path, this);
  }

  override componentWillUnmount(): void {
    this.context.unsubscribe(this.props.path, this);
  }

  override render(): ReactElement | null {
    const { field, path, scope } = this.props;
    const store = this.context;
    this.renderedVersion = store.version(path);
    if (!store.isVisible(path)) return null;
    return (
      <fieldset className={styles.group} data-group={path}>
        <legend>{store.descriptor.labels[labelKeyOf(field)] ?? field.id}</legend>
        <FieldList fields={field.fields} scope={scope} />
      </fieldset>
    );
  }
}

function MultiFieldView({ field, path }: { field: MultiField; path: string }): ReactElement {
  const intl = useIntl();
  const store = useEngineStore();
  const settings = useEngineSettings();
  useChannel(store, path);
  const count = store.evaluator.entryCount(path);
  const mode = renderModeOf(settings, field, path, store.reviews()[path], store.getValue(path));
  const editable = EDITABLE_MODES.has(mode);
  const issues = store.issuesOf(path);
  const label = store.descriptor.labels[labelKeyOf(field)] ?? field.id;
  const id = domIdOf(path);
  const canAdd = editable && (field.maxEntries === undefined || count < field.maxEntries);

  const remove = async (i: number): Promise<void> => {
    const confirmed = await settings.confirm({
      title: intl.formatMessage(messages.removeEntryTitle),
      body: intl.formatMessage(messages.removeEntryBody, { number: i + 1 }),
      confirmLabel: intl.formatMessage(messages.remove),
      danger: true,
    });
    if (confirmed) store.removeEntry(path, i);
  };

  if (mode === 'censored') {
    return (
      <fieldset className={styles.group}>
        <legend>{label}</legend>
        <p className={styles.censored}>{intl.formatMessage(messages.censored)}</p>
      </fieldset>
    );
  }
  return (
    <fieldset className={styles.group} data-field={path} aria-describedby={issues.length > 0 ? `${id}-issues` : undefined}>
      <legend id={`${id}-label`}>{label}</legend>
      {count === 0 && <p>{intl.formatMessage(messages.noEntries)}</p>}
      {Array.from({ length: count }, (_, i) => (
        <fieldset key={i} className={styles.entry}>
          <legend>{intl.formatMessage(messages.entry, { number: i + 1 })}</legend>
          <FieldList fields={field.fields} scope={`${path}[${i}]`} />
          {editable && (
            <Button size="compact-sm" variant="default" color="red" onClick={() => void remove(i)}>
              {intl.formatMessage(messages.removeEntry, { number: i + 1 })}
            </Button>
          )}
        </fieldset>
      ))}
      {issues.length > 0 && (
        <ul id={`${id}-issues`} className={styles.issues}>
          {issues.map((issue) => (
            <li key={issue.key} className={issue.severity === 'error' ? styles.error : styles.warning}>
              {issueText(intl, issue)}
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <Group mt={4}>
          <Button id={id} size="compact-sm" variant="light" onClick={() => store.addEntry(path)}>
            {intl.formatMessage(messages.addEntry)}
          </Button>
        </Group>
      )}
    </fieldset>
  );
}
