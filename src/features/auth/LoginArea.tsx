// Everything under /login: the screen follows the login step (spec auth §4); the password-reset
// screens have their own paths because they are reached from e-mailed links.
import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectAuth } from './auth.selectors';
import { MfaTokenForm } from './MfaTokenForm';
import { PasswordLoginForm } from './PasswordLoginForm';
import { RecoveryKeyForm } from './RecoveryKeyForm';

function destinationAfterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

function LoginSteps(): ReactElement {
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  switch (auth.step) {
    case 'loggedIn':
      return <Navigate to={destinationAfterSignIn(location.state)} replace />;
    case 'mfaAuthRequired':
    case 'mfaAuthRequest':
    case 'mfaAuthFailure':
      return <MfaTokenForm />;
    case 'mfaRecoveryKeyRequired':
    case 'mfaRecoveryKeyRequest':
    case 'mfaRecoveryKeyFailure':
      return <RecoveryKeyForm />;
    default:
      return <PasswordLoginForm />;
  }
}

export function LoginArea(): ReactElement {
  return (
    <Routes>
      <Route index element={<LoginSteps />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
