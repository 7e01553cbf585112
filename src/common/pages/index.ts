export { FullPageSpinner } from './FullPageSpinner';
export { NotFoundPage } from './NotFoundPage';
export { StartupFailure } from './StartupFailure';
export { useDocumentTitle } from './useDocumentTitle';
