// Validation issues as the renderer shows them: which field owns an issue, its localized text,
// and the validation pane's grouping (by section, in field order).
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { fieldIndexOf, fieldLabelPath, pathFieldId, type FormDescriptor, type ValidationIssue } from '../domain/forms';

/**
 * The rendered field an issue belongs to. Gene-list rows report `genes[1].gene`; the field shown
 * is `genes`, so trailing segments that are not fields of the descriptor are dropped.
 */
export function ownerPath(descriptor: FormDescriptor, path: string): string {
  const index = fieldIndexOf(descriptor);
  let current = path;
  while (current !== '') {
    const info = index.byId.get(pathFieldId(current));
    if (info && !current.endsWith(']')) return current;
    const cut = Math.max(current.lastIndexOf('.'), current.lastIndexOf('['));
    if (cut <= 0) return current;
    current = current.slice(0, cut);
  }
  return path;
}

// A submit can show the same few texts ("required", "must be at most 100") hundreds of times, and
// formatting an ICU message costs far more than a lookup: texts are kept per intl instance.
const textCache = new WeakMap<IntlShape, Map<string, string>>();

/**
 * The text of an engine message without values ("Changed", "Choose…"), formatted once per intl
 * instance: thousands of fields show the same few words, and each format call costs.
 */
export function plainText(intl: IntlShape, message: MessageDescriptor): string {
  return cached(intl, `#${String(message.id)}`, () => intl.formatMessage(message));
}

function cached(intl: IntlShape, key: string, make: () => string): string {
  let cache = textCache.get(intl);
  if (!cache) textCache.set(intl, (cache = new Map()));
  let text = cache.get(key);
  if (text === undefined) cache.set(key, (text = make()));
  return text;
}

/** The catalogue text of an issue key (`validation.<key>`), or the generic "invalid value". */
export function issueText(intl: IntlShape, issue: Pick<ValidationIssue, 'key' | 'context'>): string {
  return cached(intl, `${issue.key}\u0000${JSON.stringify(issue.context)}`, () => formatIssue(intl, issue));
}

function formatIssue(intl: IntlShape, issue: Pick<ValidationIssue, 'key' | 'context'>): string {
  const id = `validation.${issue.key}`;
  if (!intl.messages[id]) return intl.formatMessage({ id: 'validation.default' });
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(issue.context)) values[name] = typeof value === 'number' ? value : String(value);
  return intl.formatMessage({ id }, values);
}

/** DOM id of the element that takes focus for a field path (`meds[0].dose` -> `fe-meds_0__dose`). */
export function domIdOf(path: string): string {
  return `fe-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export interface PaneEntry {
  issue: ValidationIssue;
  /** The path of the field to jump to. */
  fieldPath: string;
  readonly labelPath: string[];
  /** 1-based entry number when the field sits in a multi-field entry. */
  entry: number | null;
}

export interface PaneGroup {
  /** null: the header (commonDataFields). */
  sectionId: string | null;
  label: string | null;
  entries: PaneEntry[];
}

const entryNumber = (path: string): number | null => {
  const match = /\[(\d+)\]/.exec(path);
  return match ? Number(match[1]) + 1 : null;
};

const labelPaths = new WeakMap<FormDescriptor, Map<string, string[]>>();

/** fieldLabelPath, kept per descriptor: a submit lists hundreds of fields, many more than once. */
function labelPathOf(descriptor: FormDescriptor, fieldId: string): string[] {
  let cache = labelPaths.get(descriptor);
  if (!cache) labelPaths.set(descriptor, (cache = new Map()));
  let path = cache.get(fieldId);
  if (!path) cache.set(fieldId, (path = fieldLabelPath(descriptor, fieldId)));
  return path;
}

/** Spec §5: issues grouped by section (header first), ordered by field order, with label paths. */
export function paneGroups(descriptor: FormDescriptor, issues: readonly ValidationIssue[]): PaneGroup[] {
  const index = fieldIndexOf(descriptor);
  const order = (path: string): number => {
    const id = pathFieldId(ownerPath(descriptor, path));
    return descriptor.fieldOrders[id] ?? index.byId.get(id)?.order ?? Number.MAX_SAFE_INTEGER;
  };
  const sectionRank = new Map<string | null, number>([[null, -1]]);
  descriptor.sections.forEach((section, i) => sectionRank.set(section.id, i));
  const groups = new Map<string | null, PaneEntry[]>();
  // Each issue's order is computed once, not in every comparison of the sort.
  const keyed = issues.map((issue) => ({ issue, rank: order(issue.path) }));
  keyed.sort((a, b) => a.rank - b.rank || a.issue.path.localeCompare(b.issue.path, undefined, { numeric: true }));
  for (const { issue } of keyed) {
    const fieldPath = ownerPath(descriptor, issue.path);
    const id = pathFieldId(fieldPath);
    const sectionId = index.byId.get(id)?.sectionId ?? null;
    const entry: PaneEntry = {
      issue,
      fieldPath,
      // Looked up when the entry is shown: a long list renders its first entries first.
      get labelPath(): string[] {
        return labelPathOf(descriptor, id);
      },
      entry: entryNumber(fieldPath),
    };
    const list = groups.get(sectionId);
    if (list) list.push(entry);
    else groups.set(sectionId, [entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (sectionRank.get(a) ?? 0) - (sectionRank.get(b) ?? 0))
    .map(([sectionId, entries]) => {
      const section = descriptor.sections.find((s) => s.id === sectionId);
      const label = sectionId === null ? null : (descriptor.labels[section?.label ?? sectionId] ?? sectionId);
      return { sectionId, label, entries };
    });
}
