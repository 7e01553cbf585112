// The dependency graph of a descriptor. Nodes are the things the engine computes: calculated
// values and the visibility of dependent groups. An input is a field id: a node reads the value
// of a field and, because a hidden field reads as empty, the visibility of that field's group.
// Calculated ids and group ids share one namespace, as all ids in a descriptor are unique.
import { FIELD_TYPES } from './constants';
import { parseExpression, type ParsedExpression } from './expression';
import type { FieldIndex } from './fieldIndex';

export interface ComputeNode {
  id: string;
  kind: 'calculated' | 'visibility';
  expression: ParsedExpression;
  /** Field ids whose change can change this node. */
  inputs: readonly string[];
  multiField: string | null;
}

export interface DependencyGraph {
  nodes: ReadonlyMap<string, ComputeNode>;
  /** Field id -> ids of nodes that read it directly. */
  dependents: ReadonlyMap<string, readonly string[]>;
  /** Node id -> position in a topological order (inputs before their readers). */
  rank: ReadonlyMap<string, number>;
  /** A dependency cycle (ids, first repeated at the end), if any; ranks are then partial. */
  cycle: readonly string[] | null;
}

export function buildDependencyGraph(index: FieldIndex): DependencyGraph {
  const nodes = new Map<string, ComputeNode>();
  for (const info of index.ordered) {
    const { field } = info;
    const source = field.type === FIELD_TYPES.calculated ? field.formula : field.type === FIELD_TYPES.dependentGroup ? field.condition : null;
    if (source === null) continue;
    const parsed = parseExpression(source);
    // The loader rejects unparsable expressions; a graph of an unchecked descriptor just skips them.
    if (!parsed.ok) continue;
    const inputs = new Set<string>();
    for (const ref of parsed.expression.references) {
      inputs.add(ref);
      const refGroup = index.byId.get(ref)?.group;
      if (refGroup) inputs.add(refGroup);
    }
    // A group inside a hidden group is hidden too, so the parent's visibility is an input.
    if (field.type === FIELD_TYPES.dependentGroup && info.group) inputs.add(info.group);
    nodes.set(field.id, {
      id: field.id,
      kind: field.type === FIELD_TYPES.calculated ? 'calculated' : 'visibility',
      expression: parsed.expression,
      inputs: [...inputs],
      multiField: info.multiField,
    });
  }

  const dependents = new Map<string, string[]>();
  for (const node of nodes.values()) {
    for (const input of node.inputs) {
      const list = dependents.get(input);
      if (list) list.push(node.id);
      else dependents.set(input, [node.id]);
    }
  }
  const { rank, cycle } = topologicalRank(nodes, dependents);
  return { nodes, dependents, rank, cycle };
}

function topologicalRank(
  nodes: ReadonlyMap<string, ComputeNode>,
  dependents: ReadonlyMap<string, readonly string[]>,
): { rank: Map<string, number>; cycle: string[] | null } {
  // Kahn's algorithm over node-to-node edges; plain input fields have no inputs of their own.
  const pending = new Map<string, number>();
  for (const node of nodes.values()) pending.set(node.id, node.inputs.filter((input) => nodes.has(input)).length);
  const queue = [...pending].filter(([, count]) => count === 0).map(([id]) => id);
  const rank = new Map<string, number>();
  for (let i = 0; i < queue.length; i += 1) {
    const id = queue[i];
    rank.set(id, i);
    for (const reader of dependents.get(id) ?? []) {
      const left = (pending.get(reader) ?? 0) - 1;
      pending.set(reader, left);
      if (left === 0) queue.push(reader);
    }
  }
  if (rank.size === nodes.size) return { rank, cycle: null };
  return { rank, cycle: findCycle(nodes, rank) };
}

function findCycle(nodes: ReadonlyMap<string, ComputeNode>, ranked: ReadonlyMap<string, number>): string[] {
  // Every unranked node lies on or behind a cycle; walk back along unranked inputs until one repeats.
  const start = [...nodes.keys()].find((id) => !ranked.has(id)) as string;
  const trail: string[] = [];
  let current = start;
  while (!trail.includes(current)) {
    trail.push(current);
    const node = nodes.get(current) as ComputeNode;
    current = node.inputs.find((input) => nodes.has(input) && !ranked.has(input)) as string;
  }
  const loop = trail.slice(trail.indexOf(current));
  // Report in reading direction: a depends on b depends on ... a.
  return [...loop, current];
}

/**
 * Every node that a change of `fieldId` can reach, in topological order. This is what one
 * keystroke re-evaluates, so it is memoised per field by the evaluator.
 */
export function affectedNodes(graph: DependencyGraph, fieldId: string): string[] {
  const seen = new Set<string>();
  const stack = [...(graph.dependents.get(fieldId) ?? [])];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const reader of graph.dependents.get(id) ?? []) stack.push(reader);
  }
  return [...seen].sort((a, b) => (graph.rank.get(a) ?? 0) - (graph.rank.get(b) ?? 0));
}

/** All nodes in topological order (for the first evaluation of a form). */
export function allNodesInOrder(graph: DependencyGraph): string[] {
  return [...graph.nodes.keys()].sort((a, b) => (graph.rank.get(a) ?? 0) - (graph.rank.get(b) ?? 0));
}
