// The engine's state outside React: the domain evaluator, per-path issues, reviews and dirty
// marks, with one subscription channel per value path. A keystroke bumps only the channels of the
// paths the evaluator reports as changed, so only those field components re-render
// (useSyncExternalStore keyed by path); holding the values in React state or Formik would
// re-render every field of a 2000-field form on each key. Bumps made during one operation are
// delivered once at its end (channels.ts), and the form-level channel is bumped only when a
// form-level fact can have changed, not on every key.
import {
  createFormEvaluator,
  fieldIndexOf,
  getAt,
  isSameValue,
  joinPath,
  pathFieldId,
  pathScope,
  revalidationPaths,
  validateField,
  validateForm,
  type FieldReviewMap,
  type FieldValue,
  type FormDescriptor,
  type FormEvaluator,
  type FormValues,
  type ValidationIssue,
} from '../domain/forms';
import { createChannels, type Channel, type Listener } from './channels';
import { ownerPath } from './issues';

/**
 * Bumped when a form-level fact may have changed: dirty 0 <-> 1, the issues, the reviews, a header
 * value or the value of a reviewed field. Toolbar, leave guard and pane listen; a plain keystroke
 * in a clean-to-dirty field that already was dirty does not wake them.
 */
export const FORM_KEY = '#form';
/** Spec §5/§9: live validation runs at most once per second. */
export const LIVE_VALIDATION_THROTTLE_MS = 1000;

export interface EngineStoreOptions {
  /** Live validation on change and blur (off in read view). */
  liveValidation: boolean;
  today?: () => string;
  onChange?: (path: string, value: FieldValue) => void;
}

export interface EngineStore {
  /** The descriptor texts are read from: the one the store was made with, or a relabelled copy. */
  readonly descriptor: FormDescriptor;
  /** The same form in another language (`markRelabelled`): labels change, values and state stay. */
  relabel(next: FormDescriptor): void;
  readonly evaluator: FormEvaluator;
  subscribe(key: string, listener: Listener): () => void;
  unsubscribe(key: string, listener: Listener): void;
  version(key: string): number;
  /** Stable subscribe/version functions of one channel, for useSyncExternalStore without hooks of its own. */
  channel(key: string): Channel;
  configure(options: EngineStoreOptions): void;
  getValue(path: string): FieldValue;
  isVisible(path: string): boolean;
  initialValue(path: string): FieldValue;
  setValue(path: string, value: FieldValue): void;
  addEntry(multiFieldId: string): void;
  removeEntry(multiFieldId: string, index: number): void;
  /** Marks a field for live validation (blur). */
  touch(path: string): void;
  issuesOf(path: string): readonly ValidationIssue[];
  allIssues(): ValidationIssue[];
  /** Validates the whole form (submit) and shows every issue. */
  validateAll(): ValidationIssue[];
  reviews(): FieldReviewMap;
  setReviews(next: FieldReviewMap): void;
  dirtyCount(): number;
  /** After a successful save: the current values become the clean state. */
  resetBaseline(): void;
  dispose(): void;
}

const EMPTY: readonly ValidationIssue[] = [];

const sameIssues = (a: readonly ValidationIssue[], b: readonly ValidationIssue[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => x.key === b[i].key && x.path === b[i].path && x.severity === b[i].severity && isSameValue(x.context, b[i].context));

export function createEngineStore(
  descriptor: FormDescriptor,
  initialValues: FormValues,
  initialReviews: FieldReviewMap,
  startOptions: EngineStoreOptions,
  /** The saved values when `initialValues` are restored work: the form then starts dirty. */
  savedValues?: FormValues,
): EngineStore {
  let options = startOptions;
  const evaluator = createFormEvaluator(descriptor, initialValues, { today: startOptions.today });
  const index = fieldIndexOf(descriptor);
  // Saved values go through an evaluator of their own so calculated fields compare like for like.
  let baseline: FormValues = savedValues ? createFormEvaluator(descriptor, savedValues, { today: startOptions.today }).values() : evaluator.values();
  let reviews: FieldReviewMap = initialReviews;
  const channels = createChannels();
  const { bump, batch } = channels;
  const issues = new Map<string, readonly ValidationIssue[]>();
  const dirty = new Set<string>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = -Infinity;

  // Every field nested (at any depth) in each dependent group, to clear their issues on hide.
  const groupMembers = new Map<string, string[]>();
  for (const info of index.ordered) {
    for (let group = info.group; group; group = index.byId.get(group)?.group ?? null) {
      groupMembers.set(group, [...(groupMembers.get(group) ?? []), info.field.id]);
    }
  }

  const headerIds = new Set(descriptor.commonDataFields.map((field) => field.id));

  const setIssues = (path: string, next: readonly ValidationIssue[]): boolean => {
    const before = issues.get(path) ?? EMPTY;
    if (sameIssues(before, next)) return false;
    if (next.length === 0) issues.delete(path);
    else issues.set(path, next);
    bump(path);
    bump(FORM_KEY);
    return true;
  };

  const runValidation = (): void => {
    timer = null;
    lastRun = Date.now();
    batch(() => {
      for (const path of pending) setIssues(path, validateField(evaluator, path, { today: options.today }));
    });
    pending.clear();
  };

  // Leading and trailing throttle: the first change validates at once, later ones within the
  // second are collected and validated together when it ends.
  const schedule = (paths: readonly string[]): void => {
    if (!options.liveValidation) return;
    for (const path of paths) pending.add(path);
    if (timer !== null) return;
    const wait = lastRun + LIVE_VALIDATION_THROTTLE_MS - Date.now();
    if (wait <= 0) runValidation();
    else timer = setTimeout(runValidation, wait);
  };

  const clearHiddenIssues = (groupPath: string): void => {
    const scope = pathScope(groupPath);
    for (const id of groupMembers.get(pathFieldId(groupPath)) ?? []) {
      const path = index.byId.get(id)?.multiField && scope !== '' ? joinPath(scope, id) : id;
      setIssues(path, EMPTY);
      for (const key of [...issues.keys()]) if (key.startsWith(`${path}[`)) setIssues(key, EMPTY);
    }
  };

  const trackDirty = (path: string): void => {
    if (isSameValue(getAt(baseline, path), evaluator.getValue(path))) dirty.delete(path);
    else dirty.add(path);
  };
  if (savedValues) for (const id of new Set([...Object.keys(baseline), ...Object.keys(initialValues)])) trackDirty(id);

  // Header values gate saving; reviewed values decide "corrected": both are form-level facts.
  const formLevel = (path: string): boolean => headerIds.has(path) || reviews[path] !== undefined;

  const applyReport = (report: { values: string[]; visibility: string[] }, revalidate: boolean): void => {
    for (const path of report.values) {
      bump(path);
      if (formLevel(path)) bump(FORM_KEY);
    }
    for (const path of report.visibility) {
      bump(path);
      if (!evaluator.isVisible(path)) clearHiddenIssues(path);
    }
    if (revalidate) schedule(report.values.flatMap((path) => revalidationPaths(descriptor, path)));
  };

  const resetEntries = (multiFieldId: string): void => {
    for (const path of [...dirty]) if (path.startsWith(`${multiFieldId}[`)) dirty.delete(path);
    for (const path of [...issues.keys()]) if (path.startsWith(`${multiFieldId}[`)) setIssues(path, EMPTY);
    trackDirty(multiFieldId);
    // Entries after a removed one move up: every child channel of the multi-field re-reads.
    channels.bumpPrefix(`${multiFieldId}[`);
  };

  let labelled = descriptor;

  return {
    get descriptor() {
      return labelled;
    },
    relabel(next) {
      labelled = next;
    },
    evaluator,
    subscribe: channels.subscribe,
    unsubscribe: channels.unsubscribe,
    version: channels.version,
    channel: channels.channel,
    configure(next) {
      options = next;
    },
    getValue: (path) => evaluator.getValue(path),
    isVisible: (path) => evaluator.isVisible(path),
    initialValue: (path) => getAt(baseline, path),
    setValue(path, value) {
      let changed = false;
      batch(() => {
        const wasDirty = dirty.size > 0;
        const report = evaluator.setValue(path, value);
        if (report.values.length === 0) return;
        changed = true;
        trackDirty(path);
        applyReport(report, true);
        if ((dirty.size > 0) !== wasDirty) bump(FORM_KEY);
      });
      if (changed) options.onChange?.(path, value);
    },
    addEntry(multiFieldId) {
      batch(() => {
        const report = evaluator.addEntry(multiFieldId);
        resetEntries(multiFieldId);
        applyReport(report, false);
        schedule([multiFieldId]);
        bump(FORM_KEY);
      });
      options.onChange?.(multiFieldId, evaluator.getValue(multiFieldId));
    },
    removeEntry(multiFieldId, entryIndex) {
      batch(() => {
        const report = evaluator.removeEntry(multiFieldId, entryIndex);
        resetEntries(multiFieldId);
        applyReport(report, false);
        schedule([multiFieldId]);
        bump(FORM_KEY);
      });
      options.onChange?.(multiFieldId, evaluator.getValue(multiFieldId));
    },
    touch(path) {
      schedule(revalidationPaths(descriptor, path));
    },
    issuesOf: (path) => issues.get(path) ?? EMPTY,
    allIssues: () => [...issues.values()].flat(),
    validateAll() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending.clear();
      const found = validateForm(evaluator, { today: options.today });
      const byOwner = new Map<string, ValidationIssue[]>();
      for (const issue of found) {
        const owner = ownerPath(descriptor, issue.path);
        const list = byOwner.get(owner);
        if (list) list.push(issue);
        else byOwner.set(owner, [issue]);
      }
      batch(() => {
        for (const path of [...issues.keys()]) if (!byOwner.has(path)) setIssues(path, EMPTY);
        for (const [path, list] of byOwner) setIssues(path, list);
        bump(FORM_KEY);
      });
      return found;
    },
    reviews: () => reviews,
    setReviews(next) {
      if (next === reviews) return;
      const keys = new Set([...Object.keys(reviews), ...Object.keys(next)]);
      const before = reviews;
      reviews = next;
      batch(() => {
        for (const key of keys) if (before[key] !== next[key]) bump(key);
        bump(FORM_KEY);
      });
    },
    dirtyCount: () => dirty.size,
    resetBaseline() {
      baseline = evaluator.values();
      const was = [...dirty];
      dirty.clear();
      batch(() => {
        for (const path of was) bump(path);
        bump(FORM_KEY);
      });
    },
    dispose() {
      if (timer !== null) clearTimeout(timer);
      channels.clear();
    },
  };
}
