// Catches render crashes anywhere below it, reports them to our server, and shows the failure
// view instead of a blank page. React only offers this as a class component.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { connect } from 'react-redux';
import { clientErrorsActions } from '../../features/clientErrors/clientErrors.slice';
import { FailureView } from './FailureView';

interface Props {
  children: ReactNode;
  onCrash: typeof clientErrorsActions.crashed;
}

interface State {
  crashed: boolean;
}

class ErrorBoundaryView extends Component<Props, State> {
  override state: State = { crashed: false };

  static getDerivedStateFromError(): State {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onCrash({
      message: (error.message || String(error)).slice(0, 2000),
      stack: error.stack?.slice(0, 20000),
      componentStack: info.componentStack?.slice(0, 20000) ?? undefined,
    });
  }

  override render(): ReactNode {
    return this.state.crashed ? <FailureView /> : this.props.children;
  }
}

export const ErrorBoundary = connect(null, { onCrash: clientErrorsActions.crashed })(ErrorBoundaryView);
