// The form engine's domain core: descriptor model and loader, expression evaluation with an
// incremental dependency graph, validation, and the inspection/correction model.
export * from './constants';
export * from './types';
export * from './validationKeys';
export * from './values';
export * from './dates';
export * from './expression';
export { createLruCache, type LruCache } from './lruCache';
export { fieldIndexOf, fieldLabel, fieldLabelPath, labelKeyOf, optionLabel, childFields, type FieldIndex, type FieldInfo } from './fieldIndex';
export { affectedNodes, buildDependencyGraph, type ComputeNode, type DependencyGraph } from './graph';
export { compileDescriptor, type CompiledForm } from './compile';
export * from './evaluator';
export { getAt, toExpressionValue } from './valueAccess';
export * from './validation';
export * from './review';
export * from './renderMode';
export * from './loader';
export * from './lifecycle';
export type { FormApproval, FormFixLock, FormHistoryChange, FormHistoryEntry, FormRecord, StoredReview, StoredReviews } from './formRecord';
export { RECORD_STATE_PATH } from './formRecord';
