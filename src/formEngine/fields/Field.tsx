// One value field: label, input (or read-only output), unit, help, display-mode badges, issues
// tied by aria-describedby, the review controls and the fix switch. It re-renders only when its
// own channel is bumped (value, issues, review) or the engine settings change.
// A 2000-field form holds ~2600 of these, so the common case (a text input in new or edit view)
// is kept small: a class component subscribed straight to its channel (useSyncExternalStore costs
// a hook, two effects and several bound functions per field and per render), one context, four
// fibers (Field, wrapper, label, input); review and fix controls exist only where they apply.
import { Component, type ReactElement } from 'react';
import type { IntlShape } from 'react-intl';
import { fieldDisplayModes, labelKeyOf, mandatoryFieldIds, type FieldDescriptor, type FieldValue, type ValidationIssue } from '../../domain/forms';
import { EDITABLE_MODES, EngineSettingsContext, renderModeOf, type EngineSettings } from '../EngineContext';
import { domIdOf, issueText, plainText } from '../issues';
import { messages } from '../messages';
import styles from '../formEngine.module.css';
import { DateFieldInput } from './DateFieldInput';
import { displayText } from './display';
import { FieldActions, hasFieldActions } from './FieldActions';
import { FixControl, fixStateOf } from './FixControl';
import { ReviewControls } from './ReviewControls';
import { mountLightField, patchLightField } from './lightField';
import { isLightNow, lightViewOf } from './lightView';
import { FileDownload, fileValueOf, FileWidget, GeneListWidget } from './specialWidgets';
import { choiceGroup, isGroupWidget, selectInput, textInput, type WidgetProps } from './widgets';

const BADGES = { dirty: ['✎', styles.badgeDirty, messages.dirty], rejected: ['⚠', styles.badgeRejected, messages.rejected], corrected: ['✓', styles.badgeCorrected, messages.corrected] } as const;
const NO_ISSUES: readonly ValidationIssue[] = [];

interface FieldProps {
  field: FieldDescriptor;
  path: string;
}

export class Field extends Component<FieldProps> {
  static override contextType = EngineSettingsContext;
  declare context: EngineSettings;
  private subscribedPath: string | null = null;
  private renderedVersion = -1;
  /** The wrapper of a light field (lightField.ts), painted outside React; null otherwise. */
  private root: HTMLElement | null = null;
  private readonly attach = (node: HTMLElement | null): void => {
    this.root = node;
  };
  // The React-rendered widget's callbacks: made on its first render and then stable, so a light
  // field (most of a large form) holds none.
  private callbacks: { setValue: (value: FieldValue) => void; touch: () => void } | null = null;

  /**
   * Called by the store on a bump of this field's channel: the field subscribes itself, no closure.
   * A light field that stays light is patched in place, without a React render.
   */
  storeChanged(): void {
    if (this.root !== null && this.isLight()) this.paint(false);
    else this.forceUpdate();
  }

  override componentDidMount(): void {
    this.subscribe();
    if (this.root !== null) mountLightField(this.root, this.props.field, lightViewOf(this.context, this.props.field, this.props.path));
  }

  override shouldComponentUpdate(next: FieldProps): boolean {
    // Like memo(): the parent re-rendering alone changes nothing; store bumps use forceUpdate.
    return next.field !== this.props.field || next.path !== this.props.path;
  }

  override componentDidUpdate(previous: FieldProps): void {
    if (previous.path !== this.props.path) this.subscribe();
    if (this.root === null) return;
    // A wrapper that was just (re)created is empty; otherwise the settings or props changed.
    if (this.root.firstElementChild === null) mountLightField(this.root, this.props.field, lightViewOf(this.context, this.props.field, this.props.path));
    else this.paint(true);
  }

  override componentWillUnmount(): void {
    if (this.subscribedPath !== null) this.context.store.unsubscribe(this.subscribedPath, this);
  }

  private subscribe(): void {
    const { store } = this.context;
    if (this.subscribedPath !== null) store.unsubscribe(this.subscribedPath, this);
    store.subscribe(this.props.path, this);
    this.subscribedPath = this.props.path;
    // A bump between render and subscription would otherwise be missed.
    if (store.version(this.props.path) !== this.renderedVersion) this.forceUpdate();
  }

  private isLight(): boolean {
    return isLightNow(this.context, this.props.field, this.props.path);
  }

  private paint(texts: boolean): void {
    if (this.root === null) return;
    this.renderedVersion = this.context.store.version(this.props.path);
    patchLightField(this.root, lightViewOf(this.context, this.props.field, this.props.path), texts);
  }

  override render(): ReactElement {
    this.renderedVersion = this.context.store.version(this.props.path);
    // Keyed apart from the React-rendered field, so switching between the two replaces the wrapper.
    if (this.isLight()) {
      if (this.props.field.type === 'boolean') return <fieldset key="lightGroup" ref={this.attach} data-field={this.props.path} />;
      return <div key="light" ref={this.attach} data-field={this.props.path} />;
    }
    this.callbacks ??= {
      setValue: (value) => this.context.store.setValue(this.props.path, value),
      touch: () => this.context.store.touch(this.props.path),
    };
    return renderField(this.context, this.props.field, this.props.path, this.callbacks.setValue, this.callbacks.touch);
  }
}

function widget(props: WidgetProps, intl: IntlShape, path: string): ReactElement {
  const { field } = props;
  if (field.type === 'fileUpload') return <FileWidget {...props} path={path} />;
  if (field.type === 'geneList') return <GeneListWidget {...props} />;
  if (isGroupWidget(field)) return choiceGroup(props, intl);
  if (field.type === 'singleChoice') return selectInput(props, intl);
  if (field.type === 'date' || field.type === 'datetime') return <DateFieldInput {...props} />;
  return textInput(props);
}

function renderField(
  settings: EngineSettings,
  field: FieldDescriptor,
  path: string,
  onChange: (value: FieldValue) => void,
  onBlur: () => void,
): ReactElement {
  const { store, intl } = settings;
  const { descriptor } = store;
  const value = store.getValue(path);
  const review = store.reviews()[path];
  const mode = renderModeOf(settings, field, path, review, value);
  const editable = EDITABLE_MODES.has(mode);
  const displayModes = fieldDisplayModes({ initialValue: store.initialValue(path), value, review });
  const censored = mode === 'censored';
  const issues = censored ? NO_ISSUES : store.issuesOf(path);
  const id = domIdOf(path);
  const labelId = `${id}-label`;
  const label = descriptor.labels[labelKeyOf(field)] ?? field.id;
  const help = field.help ? descriptor.labels[field.help] : undefined;
  const unit = 'unit' in field ? field.unit : undefined;
  const mandatory = settings.isMandatory(field.id);
  const describedBy =
    [help ? `${id}-help` : '', issues.length > 0 ? `${id}-issues` : '', unit && editable ? `${id}-unit` : ''].filter(Boolean).join(' ') || undefined;
  const grouped = editable && isGroupWidget(field);
  // Bold marks exactly the fields whose errors block even a draft (spec §5 "mandatory (bold)");
  // every mandatory field is still aria-required.
  const labelClass = mandatoryFieldIds(descriptor).has(field.id) ? styles.labelMandatory : styles.label;
  const base = grouped ? styles.fieldset : styles.field;
  const reviewing = mode === 'inspect' || mode === 'inspect_reject' || ((mode === 'correct' || mode === 'correct_fix') && review !== undefined);
  const fix = fixStateOf(settings, field, path, mode, review);

  const badges = displayModes.length > 0 && (
    <span className={styles.badges}>
      {displayModes.map((displayMode) => {
        const [icon, cls, message] = BADGES[displayMode];
        return (
          <span key={displayMode} className={cls}>
            <span aria-hidden="true">{icon} </span>
            {plainText(intl, message)}
          </span>
        );
      })}
    </span>
  );
  const invalid = issues.some((issue) => issue.severity === 'error');
  // A stored file is offered for download wherever the host keeps files; elsewhere it reads as text.
  const files = !editable && !censored && field.type === 'fileUpload' ? settings.files : undefined;
  const storedFile = files ? fileValueOf(value) : null;
  const body = editable ? (
    widget({ descriptor, field, id, label, value, describedBy, invalid, required: mandatory, onChange, onBlur }, intl, path)
  ) : (
    <output id={id} className={censored ? styles.censored : styles.output} aria-labelledby={labelId} aria-describedby={describedBy} tabIndex={-1}>
      {censored
        ? plainText(intl, messages.censored)
        : files && storedFile
          ? <FileDownload files={files} path={path} file={storedFile} id={id} />
          : (settings.valueLabels?.[path] ?? displayText(intl, descriptor, field, value))}
    </output>
  );
  // Placed straight into the wrapper, not in a fragment: a fragment is one more fiber per field.
  const unitText = unit && editable && (
    <span id={`${id}-unit`} className={styles.unit}>
      {unit}
    </span>
  );
  const helpText = help && (
    <p id={`${id}-help`} className={styles.help}>
      {help}
    </p>
  );
  const severityClass = (issue: ValidationIssue): string => (issue.severity === 'error' ? styles.error : styles.warning);
  // One issue (the usual case, and a submit may show hundreds at once) is one element; several are a list.
  const issueList =
    issues.length === 1 ? (
      <p id={`${id}-issues`} className={`${styles.issues} ${severityClass(issues[0])}`}>
        {issueText(intl, issues[0])}
      </p>
    ) : (
      issues.length > 1 && (
        <ul id={`${id}-issues`} className={styles.issues}>
          {issues.map((issue) => (
            <li key={`${issue.path}:${issue.key}`} className={severityClass(issue)}>
              {issueText(intl, issue)}
            </li>
          ))}
        </ul>
      )
    );
  const reviewControls = reviewing && <ReviewControls field={field} path={path} domId={id} mode={mode} value={value} review={review} />;
  // Starting a fix, rejecting and the field's history are compact actions beside the label (named
  // "History: <field label>" and so on); what a fix in progress or another's lock says stays below.
  const canReject = mode === 'inspect';
  const canStartFix = fix === 'start';
  const canShowHistory = settings.fieldHistory !== undefined && !censored && !editable;
  const withActions = hasFieldActions(canReject, canStartFix, canShowHistory);
  const actions = withActions && (
    <FieldActions settings={settings} path={path} domId={id} label={label} value={value} canReject={canReject} canStartFix={canStartFix} canShowHistory={canShowHistory} />
  );
  const fixControl = fix && fix !== 'start' && <FixControl state={fix} path={path} domId={id} settings={settings} />;
  const classes = withActions ? [base, styles.withActions] : [base];
  const className = displayModes.length === 0 && !withActions ? base : [...classes, ...displayModes.map((m) => styles[m])].join(' ');
  // The label's id is only referred to by a read-only output and by review and fix buttons.
  const labelIdShown = !editable || reviewing || fix !== null ? labelId : undefined;

  if (grouped) {
    return (
      <fieldset className={className} data-field={path} aria-describedby={describedBy}>
        <legend id={labelIdShown} className={labelClass}>
          {label}
        </legend>
        {badges}
        {actions}
        {body}
        {unitText}
        {helpText}
        {issueList}
        {reviewControls}
        {fixControl}
      </fieldset>
    );
  }
  return (
    <div className={className} data-field={path}>
      <label htmlFor={id} id={labelIdShown} className={labelClass}>
        {label}
      </label>
      {badges}
      {actions}
      {body}
      {unitText}
      {helpText}
      {issueList}
      {reviewControls}
      {fixControl}
    </div>
  );
}
