// Everything under /registration (spec business-data §2): the form, the confirm-your-e-mail notice
// with its resend, the resend form, and the result of the e-mailed confirmation link.
import type { ReactElement } from 'react';
import { PublicNavigate, segmentsUnder, usePublicLocation } from '../../common/routing/publicNavigation';
import { ConfirmEmailNotice } from './ConfirmEmailNotice';
import { EmailConfirmationPage } from './EmailConfirmationPage';
import { RegistrationForm } from './RegistrationForm';
import { ResendConfirmationForm } from './ResendConfirmationForm';

/** The screen by its path under /registration (any case, as the router's paths matched). */
export function RegistrationArea(): ReactElement {
  const [screen = '', ...rest] = segmentsUnder('/registration', usePublicLocation().pathname) ?? ['?'];
  const name = screen.toLowerCase();
  if (name === '') return <RegistrationForm />;
  if (name === 'confirm-email' && rest.length === 0) return <ConfirmEmailNotice />;
  if (name === 'resend-confirmation' && rest.length === 0) return <ResendConfirmationForm />;
  if (name === 'confirm' && rest.length === 1) return <EmailConfirmationPage userId={decodeSegment(rest[0])} />;
  return <PublicNavigate to="/registration" replace />;
}

// As the router decoded its :userId parameter; a malformed escape stays as it came.
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
