// The live form state: values, calculated fields and dependent-group visibility, kept current
// incrementally. setValue re-evaluates only the nodes reachable from the changed field, in
// topological order, and skips a node when none of its inputs actually changed; it reports which
// paths changed so that a renderer re-renders just those fields.
import { compileDescriptor, type CompiledForm } from './compile';
import { DEFAULT_DEPENDENCY_CACHE_SIZE, FIELD_TYPES } from './constants';
import { evaluateNode, isTruthy, type EvaluationScope, type ExpressionValue } from './expression';
import { affectedNodes, type ComputeNode } from './graph';
import { createLruCache } from './lruCache';
import type { EntryValues, FieldValue, FormDescriptor, FormValues } from './types';
import { joinPath, pathFieldId, pathScope } from './values';
import { getAt, setAt, toExpressionValue } from './valueAccess';

export interface EvaluatorOptions {
  /** Bound of the field-dependency memoisation cache (spec §9: 1000). */
  cacheSize?: number;
  /** Today's date (YYYY-MM-DD) for `today()`; without it `today()` is empty. */
  today?: () => string;
}

export interface ChangeReport {
  /** Paths whose value changed: the set path (or multi-field) and recomputed calculated fields. */
  values: string[];
  /** Dependent-group paths whose visibility changed. */
  visibility: string[];
  /** Node instances evaluated for this change (work done, for tests and benchmarks). */
  evaluated: number;
}

export interface EvaluatorStats {
  evaluations: number;
  cacheHits: number;
  cacheMisses: number;
  cacheSize: number;
}

export interface FormEvaluator {
  readonly descriptor: FormDescriptor;
  getValue(path: string): FieldValue;
  setValue(path: string, value: FieldValue): ChangeReport;
  /** Whether a field (or group) at this path is shown: all enclosing dependent groups hold. */
  isVisible(path: string): boolean;
  entryCount(multiFieldId: string): number;
  addEntry(multiFieldId: string, entry?: EntryValues): ChangeReport;
  removeEntry(multiFieldId: string, index: number): ChangeReport;
  /** A copy of all values, hidden ones included (they come back if the group shows again). */
  values(): FormValues;
  /** A copy without the values of hidden fields (spec §4: removed before submit). */
  valuesForSubmit(): FormValues;
  stats(): EvaluatorStats;
}

export function createFormEvaluator(
  descriptor: FormDescriptor,
  initialValues: FormValues = {},
  options: EvaluatorOptions = {},
): FormEvaluator {
  const compiled: CompiledForm = compileDescriptor(descriptor);
  const { index, graph } = compiled;
  const values: FormValues = structuredClone(initialValues);
  const visible = new Map<string, boolean>();
  const affectedCache = createLruCache<string, string[]>(options.cacheSize ?? DEFAULT_DEPENDENCY_CACHE_SIZE);
  const counters = { evaluations: 0, cacheHits: 0, cacheMisses: 0 };

  /** The concrete path of field `id` as seen from entry scope `scope` ('' at top level). */
  const concrete = (id: string, scope: string): string => {
    const owner = index.byId.get(id)?.multiField;
    return owner && scope !== '' ? joinPath(scope, id) : id;
  };

  const groupVisible = (groupId: string | null, scope: string): boolean =>
    groupId === null || visible.get(concrete(groupId, scope)) === true;

  const scopeFor = (scope: string): EvaluationScope => ({
    lookup(name: string): ExpressionValue {
      const info = index.byId.get(name);
      if (!info || (info.multiField && scope === '')) return null;
      // A hidden field reads as empty, as it will be once its value is removed on submit.
      if (!groupVisible(info.group, scope)) return null;
      return toExpressionValue(getAt(values, concrete(name, scope)));
    },
    today: options.today,
  });

  const entries = (multiFieldId: string): EntryValues[] => {
    const list = values[multiFieldId];
    return Array.isArray(list) ? (list as EntryValues[]) : [];
  };

  /** Evaluates one node instance; true when its result changed. */
  const evaluateInstance = (node: ComputeNode, path: string, report: ChangeReport): boolean => {
    counters.evaluations += 1;
    report.evaluated += 1;
    const scope = node.multiField ? pathScope(path) : '';
    const result = evaluateNode(node.expression.ast, scopeFor(scope));
    if (node.kind === 'calculated') {
      const next = typeof result === 'number' ? result : null;
      // Strict, so that an absent calculated value becomes an explicit null on the first pass.
      if (getAt(values, path) === next) return false;
      setAt(values, path, next);
      report.values.push(path);
      return true;
    }
    const parentGroup = index.byId.get(node.id)?.group ?? null;
    const shown = groupVisible(parentGroup, scope) && isTruthy(result);
    if (visible.get(path) === shown) return false;
    visible.set(path, shown);
    report.visibility.push(path);
    return true;
  };

  const instances = (node: ComputeNode, triggerScope: string): string[] => {
    if (!node.multiField) return [node.id];
    if (triggerScope.startsWith(`${node.multiField}[`)) return [joinPath(triggerScope, node.id)];
    return entries(node.multiField).map((_, i) => `${node.multiField}[${i}].${node.id}`);
  };

  const affected = (fieldId: string): string[] => {
    const cached = affectedCache.get(fieldId);
    if (cached) {
      counters.cacheHits += 1;
      return cached;
    }
    counters.cacheMisses += 1;
    const list = affectedNodes(graph, fieldId);
    affectedCache.set(fieldId, list);
    return list;
  };

  const propagate = (changedPath: string, report: ChangeReport): void => {
    const changed = new Set<string>([changedPath]);
    const triggerScope = pathScope(changedPath);
    for (const id of affected(pathFieldId(changedPath))) {
      const node = graph.nodes.get(id) as ComputeNode;
      for (const path of instances(node, triggerScope)) {
        const scope = node.multiField ? pathScope(path) : '';
        const parentGroup = index.byId.get(id)?.group ?? null;
        const touched =
          node.inputs.some((input) => changed.has(concrete(input, scope))) ||
          (parentGroup !== null && changed.has(concrete(parentGroup, scope)));
        if (touched && evaluateInstance(node, path, report)) changed.add(path);
      }
    }
  };

  const evaluateAll = (nodeIds: readonly string[], scopes: (node: ComputeNode) => string[], report: ChangeReport): void => {
    for (const id of nodeIds) {
      const node = graph.nodes.get(id) as ComputeNode;
      for (const path of scopes(node)) evaluateInstance(node, path, report);
    }
  };

  const emptyReport = (): ChangeReport => ({ values: [], visibility: [], evaluated: 0 });

  evaluateAll(compiled.order, (node) => instances(node, ''), emptyReport());

  const isVisible = (path: string): boolean => {
    const info = index.byId.get(pathFieldId(path));
    if (!info) return false;
    const scope = pathScope(path);
    if (info.field.type === FIELD_TYPES.dependentGroup) return visible.get(path) === true;
    if (info.group) return groupVisible(info.group, scope);
    return info.multiField ? isVisible(info.multiField) : true;
  };

  return {
    descriptor,
    getValue: (path: string): FieldValue => getAt(values, path),
    setValue(path: string, value: FieldValue): ChangeReport {
      const report = emptyReport();
      if (Object.is(getAt(values, path), value)) return report;
      setAt(values, path, value);
      report.values.push(path);
      propagate(path, report);
      return report;
    },
    isVisible,
    entryCount: (multiFieldId: string): number => entries(multiFieldId).length,
    addEntry(multiFieldId: string, entry: EntryValues = {}): ChangeReport {
      const list = entries(multiFieldId);
      values[multiFieldId] = [...list, structuredClone(entry)];
      const report = emptyReport();
      report.values.push(multiFieldId);
      const scope = `${multiFieldId}[${list.length}]`;
      evaluateAll(compiled.nodesByMultiField.get(multiFieldId) ?? [], (node) => [joinPath(scope, node.id)], report);
      return report;
    },
    removeEntry(multiFieldId: string, entryIndex: number): ChangeReport {
      const list = entries(multiFieldId);
      if (entryIndex < 0 || entryIndex >= list.length) throw new RangeError(`${multiFieldId}[${entryIndex}] does not exist`);
      values[multiFieldId] = list.filter((_, i) => i !== entryIndex);
      const report = emptyReport();
      report.values.push(multiFieldId);
      // Later entries move up one index, so their group visibility is recomputed under the new paths.
      const nodeIds = compiled.nodesByMultiField.get(multiFieldId) ?? [];
      for (const id of nodeIds) visible.delete(`${multiFieldId}[${list.length - 1}].${id}`);
      const moved = (node: ComputeNode): string[] =>
        list.slice(entryIndex + 1).map((_, i) => `${multiFieldId}[${entryIndex + i}].${node.id}`);
      for (const id of nodeIds) {
        for (const path of moved(graph.nodes.get(id) as ComputeNode)) visible.delete(path);
      }
      evaluateAll(nodeIds, moved, report);
      // The whole multi-field re-renders anyway; the re-keyed groups are not news to report.
      report.visibility = [];
      return report;
    },
    values: (): FormValues => structuredClone(values),
    valuesForSubmit(): FormValues {
      const out = structuredClone(values);
      for (const info of index.ordered) {
        const id = info.field.id;
        if (!info.multiField) {
          if (!isVisible(id)) delete out[id];
          continue;
        }
        const list = out[info.multiField];
        if (!Array.isArray(list)) continue;
        (list as EntryValues[]).forEach((entry, i) => {
          if (!isVisible(`${info.multiField}[${i}].${id}`)) delete entry[id];
        });
      }
      return out;
    },
    stats: (): EvaluatorStats => ({ ...counters, cacheSize: affectedCache.size }),
  };
}
