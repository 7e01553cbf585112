export { ErrorBoundary } from './ErrorBoundary';
export { FailureView } from './FailureView';
export { RouteErrorView } from './RouteErrorView';
