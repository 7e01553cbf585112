export * from './ast';
export { FUNCTION_ARITY, FUNCTION_NAMES, isEmptyValue, roundTo, toNumber } from './functions';
export { RESERVED_WORDS } from './parser';
export { evaluateExpression, evaluateNode, isTruthy, parseExpression, type EvaluationScope } from './evaluate';
