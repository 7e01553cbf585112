// Everything under /login: the screen follows the login step (spec auth §4); the password-reset
// screens have their own paths because they are reached from e-mailed links.
import { lazy, Suspense, type ReactElement } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { destinationAfterSignIn, returnToNeedsUser } from '../../common/layout/returnTo';
import { FullPageSpinner } from '../../common/pages/FullPageSpinner';
import { PublicNavigate, segmentsUnder, usePublicLocation } from '../../common/routing/publicNavigation';
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
  const location = usePublicLocation();
  switch (auth.step) {
    case 'loggedIn':
      // Just verified MFA: the recovery keys are shown once before the app opens.
      if (pendingKeys) return <RecoveryKeysPanel recoveryKeys={pendingKeys} />;
      // A page left behind by an ended session is only the same user's to return to: wait for who signed in.
      if (returnToNeedsUser(location.state) && !user) return <FullPageSpinner />;
      return <PublicNavigate to={destinationAfterSignIn(location.state, user?.id ?? null)} replace />;
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

// The screen under /login, by its path (matched in any case, as the router's were); an unknown
// path goes back to the sign-in form.
function LoginScreen({ pathname }: { pathname: string }): ReactElement {
  const [screen, ...rest] = segmentsUnder('/login', pathname) ?? ['?'];
  if (screen === undefined) return <LoginSteps />;
  if (rest.length === 0 && screen.toLowerCase() === 'forgot-password') return <PasswordResetRequestForm />;
  if (rest.length === 0 && screen.toLowerCase() === 'reset-password') return <PasswordResetForm />;
  return <PublicNavigate to="/login" replace />;
}

export function LoginArea(): ReactElement {
  const { pathname } = usePublicLocation();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LoginScreen pathname={pathname} />
    </Suspense>
  );
}
