// Everything under /login: the screen follows the login step (spec auth §4); the password-reset
// screens have their own paths because they are reached from e-mailed links.
import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { destinationAfterSignIn, returnToNeedsUser } from '../../common/layout/returnTo';
import { FullPageSpinner } from '../../common/pages/FullPageSpinner';
import { selectPendingRecoveryKeys } from '../mfa/mfa.selectors';
import { selectAuth } from './auth.selectors';
import { MfaTokenForm } from './MfaTokenForm';
import { PasswordLoginForm } from './PasswordLoginForm';
import { RecoveryKeyForm } from './RecoveryKeyForm';

// Screens that come after a server's answer (MFA setup at a first sign-in, the new recovery keys)
// or from a link (password reset) are chunks of their own: the sign-in page downloads its forms only.
const MfaSetupPanel = lazy(() => import('../mfa/MfaSetupPanel').then((module) => ({ default: module.MfaSetupPanel })));
const RecoveryKeysPanel = lazy(() => import('../mfa/RecoveryKeysPanel').then((module) => ({ default: module.RecoveryKeysPanel })));
const PasswordResetForm = lazy(() => import('../passwordReset/PasswordResetForm').then((module) => ({ default: module.PasswordResetForm })));
const PasswordResetRequestForm = lazy(() =>
  import('../passwordReset/PasswordResetRequestForm').then((module) => ({ default: module.PasswordResetRequestForm })),
);

function LoginSteps(): ReactElement {
  const auth = useAppSelector(selectAuth);
  const pendingKeys = useAppSelector(selectPendingRecoveryKeys);
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  switch (auth.step) {
    case 'loggedIn':
      // Just verified MFA: the recovery keys are shown once before the app opens.
      if (pendingKeys) return <RecoveryKeysPanel recoveryKeys={pendingKeys} />;
      // A page left behind by an ended session is only the same user's to return to: wait for who signed in.
      if (returnToNeedsUser(location.state) && !user) return <FullPageSpinner />;
      return <Navigate to={destinationAfterSignIn(location.state, user?.id ?? null)} replace />;
    case 'mfaSetupRequired':
      return <MfaSetupPanel context="login" mfaEnforcedAt={auth.mfaEnforcedAt} />;
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
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route index element={<LoginSteps />} />
        <Route path="forgot-password" element={<PasswordResetRequestForm />} />
        <Route path="reset-password" element={<PasswordResetForm />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  );
}
