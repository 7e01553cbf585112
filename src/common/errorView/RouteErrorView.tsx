// The router catches errors of route elements itself (loaders, lazy chunks, render), before they
// reach ErrorBoundary: report them the same way and show the same failure view.
import { useEffect, type ReactElement } from 'react';
import { useRouteError } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { clientErrorsActions } from '../../features/clientErrors/clientErrors.slice';
import { FailureView } from './FailureView';

export function RouteErrorView(): ReactElement {
  const error = useRouteError();
  const dispatch = useAppDispatch();
  useEffect(() => {
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? error.stack : undefined;
    dispatch(clientErrorsActions.crashed({ message: message.slice(0, 2000) || 'Error', stack: stack?.slice(0, 20000) }));
  }, [error, dispatch]);
  return <FailureView />;
}
