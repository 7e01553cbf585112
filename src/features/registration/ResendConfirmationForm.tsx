// /registration/resend-confirmation: a new confirmation link.
import { useEffect, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmailRequestForm } from '../../common/forms/EmailRequestForm';
import { registrationActions } from './registration.slice';
import { selectRegistration } from './registration.selectors';
import { messages } from './messages';

export function ResendConfirmationForm(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { resend, registeredEmail } = useAppSelector(selectRegistration);
  useEffect(() => () => void dispatch(registrationActions.resendLeft()), [dispatch]);
  return (
    <EmailRequestForm
      status={resend}
      initialEmail={registeredEmail ?? ''}
      texts={{
        title: intl.formatMessage(messages.resendTitle),
        intro: intl.formatMessage(messages.resendIntro),
        email: intl.formatMessage(messages.email),
        send: intl.formatMessage(messages.resendSend),
        sent: intl.formatMessage(messages.resendSent),
        failed: intl.formatMessage(messages.requestFailed),
        back: intl.formatMessage(messages.backToSignIn),
      }}
      onSubmit={(email) => dispatch(registrationActions.resendRequested({ email }))}
    />
  );
}
