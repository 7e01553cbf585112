// Everything derived once per descriptor object (the field index and the dependency graph),
// cached by identity so that many evaluators over one descriptor share it.
import { fieldIndexOf, type FieldIndex } from './fieldIndex';
import { allNodesInOrder, buildDependencyGraph, type DependencyGraph } from './graph';
import type { FormDescriptor } from './types';

export interface CompiledForm {
  descriptor: FormDescriptor;
  index: FieldIndex;
  graph: DependencyGraph;
  /** Node ids in topological order, all of them. */
  order: readonly string[];
  /** Node ids per multi-field, in topological order, for evaluating a new entry. */
  nodesByMultiField: ReadonlyMap<string, readonly string[]>;
}

const compiledCache = new WeakMap<FormDescriptor, CompiledForm>();

export function compileDescriptor(descriptor: FormDescriptor): CompiledForm {
  const cached = compiledCache.get(descriptor);
  if (cached) return cached;
  const index = fieldIndexOf(descriptor);
  const graph = buildDependencyGraph(index);
  const order = allNodesInOrder(graph);
  const nodesByMultiField = new Map<string, string[]>();
  for (const id of order) {
    const multiField = graph.nodes.get(id)?.multiField;
    if (!multiField) continue;
    const list = nodesByMultiField.get(multiField);
    if (list) list.push(id);
    else nodesByMultiField.set(multiField, [id]);
  }
  const compiled = { descriptor, index, graph, order, nodesByMultiField };
  compiledCache.set(descriptor, compiled);
  return compiled;
}
