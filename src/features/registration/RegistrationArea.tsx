// Everything under /registration (spec business-data §2): the form, the confirm-your-e-mail notice
// with its resend, the resend form, and the result of the e-mailed confirmation link.
import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ConfirmEmailNotice } from './ConfirmEmailNotice';
import { EmailConfirmationPage } from './EmailConfirmationPage';
import { RegistrationForm } from './RegistrationForm';
import { ResendConfirmationForm } from './ResendConfirmationForm';

export function RegistrationArea(): ReactElement {
  return (
    <Routes>
      <Route index element={<RegistrationForm />} />
      <Route path="confirm-email" element={<ConfirmEmailNotice />} />
      <Route path="resend-confirmation" element={<ResendConfirmationForm />} />
      <Route path="confirm/:userId" element={<EmailConfirmationPage />} />
      <Route path="*" element={<Navigate to="/registration" replace />} />
    </Routes>
  );
}
