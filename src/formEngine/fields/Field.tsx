// One value field: label, input (or read-only output), unit, help, display-mode badges, issues
// tied by aria-describedby, and the review controls. It re-renders only when its own channel is
// bumped (value, issues, review) or the engine settings change.
import { memo, useCallback, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { labelKeyOf, type FieldDescriptor, type FieldValue } from '../../domain/forms';
import { useEngineSettings, useEngineStore, useFieldState } from '../EngineContext';
import { domIdOf, issueText } from '../issues';
import { messages } from '../messages';
import styles from '../formEngine.module.css';
import { displayText } from './display';
import { ReviewControls } from './ReviewControls';
import { FileWidget, GeneListWidget } from './specialWidgets';
import { ChoiceGroupWidget, isGroupWidget, SelectWidget, TextWidget, type WidgetProps } from './widgets';

const BADGES = { dirty: ['✎', styles.badgeDirty, messages.dirty], rejected: ['⚠', styles.badgeRejected, messages.rejected], corrected: ['✓', styles.badgeCorrected, messages.corrected] } as const;

function Widget(props: WidgetProps): ReactElement {
  const { field } = props;
  if (field.type === 'fileUpload') return <FileWidget {...props} />;
  if (field.type === 'geneList') return <GeneListWidget {...props} />;
  if (isGroupWidget(field)) return <ChoiceGroupWidget {...props} />;
  if (field.type === 'singleChoice') return <SelectWidget {...props} />;
  return <TextWidget {...props} />;
}

export const Field = memo(function Field({ field, path }: { field: FieldDescriptor; path: string }): ReactElement {
  const intl = useIntl();
  const store = useEngineStore();
  const settings = useEngineSettings();
  const state = useFieldState(field, path);
  const { descriptor } = store;
  const id = domIdOf(path);
  const labelId = `${id}-label`;
  const label = descriptor.labels[labelKeyOf(field)] ?? field.id;
  const help = field.help ? descriptor.labels[field.help] : undefined;
  const unit = 'unit' in field ? field.unit : undefined;
  const mandatory = settings.isMandatory(field.id);
  const censored = state.mode === 'censored';
  const issues = censored ? [] : state.issues;
  const describedBy =
    [help ? `${id}-help` : '', issues.length > 0 ? `${id}-issues` : '', unit && state.editable ? `${id}-unit` : ''].filter(Boolean).join(' ') ||
    undefined;
  const onChange = useCallback((value: FieldValue) => store.setValue(path, value), [store, path]);
  const onBlur = useCallback(() => store.touch(path), [store, path]);
  const grouped = state.editable && isGroupWidget(field);
  const labelClass = `${styles.label}${mandatory ? ` ${styles.mandatory}` : ''}`;
  const className = [grouped ? styles.fieldset : styles.field, ...state.displayModes.map((mode) => styles[mode])].join(' ');

  const badges = state.displayModes.length > 0 && (
    <span className={styles.badges}>
      {state.displayModes.map((mode) => {
        const [icon, cls, message] = BADGES[mode];
        return (
          <span key={mode} className={cls}>
            <span aria-hidden="true">{icon} </span>
            {intl.formatMessage(message)}
          </span>
        );
      })}
    </span>
  );
  const body = state.editable ? (
    <Widget
      descriptor={descriptor}
      field={field}
      id={id}
      label={label}
      value={state.value}
      describedBy={describedBy}
      invalid={issues.some((issue) => issue.severity === 'error')}
      required={mandatory}
      onChange={onChange}
      onBlur={onBlur}
    />
  ) : (
    <output id={id} className={censored ? styles.censored : styles.output} aria-labelledby={labelId} aria-describedby={describedBy} tabIndex={-1}>
      {censored ? intl.formatMessage(messages.censored) : displayText(intl, descriptor, field, state.value)}
    </output>
  );
  const rest = (
    <>
      {unit && state.editable && (
        <span id={`${id}-unit`} className={styles.unit}>
          {unit}
        </span>
      )}
      {help && (
        <p id={`${id}-help`} className={styles.help}>
          {help}
        </p>
      )}
      {issues.length > 0 && (
        <ul id={`${id}-issues`} className={styles.issues}>
          {issues.map((issue) => (
            <li key={`${issue.path}:${issue.key}`} className={issue.severity === 'error' ? styles.error : styles.warning}>
              {issueText(intl, issue)}
            </li>
          ))}
        </ul>
      )}
      {!censored && <ReviewControls field={field} path={path} domId={id} mode={state.mode} value={state.value} review={state.review} />}
    </>
  );

  if (grouped) {
    return (
      <fieldset className={className} data-field={path} aria-describedby={describedBy}>
        <legend id={labelId} className={labelClass}>
          {label}
        </legend>
        {badges}
        {body}
        {rest}
      </fieldset>
    );
  }
  return (
    <div className={className} data-field={path}>
      <label htmlFor={id} id={labelId} className={labelClass}>
        {label}
      </label>
      {badges}
      {body}
      {rest}
    </div>
  );
});
