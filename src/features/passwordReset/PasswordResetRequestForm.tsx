// /login/forgot-password: ask for a reset link.
import { useEffect, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmailRequestForm } from '../../common/forms/EmailRequestForm';
import { passwordResetActions } from './passwordReset.slice';
import { selectPasswordReset } from './passwordReset.selectors';
import { messages } from './messages';

export function PasswordResetRequestForm(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { request } = useAppSelector(selectPasswordReset);
  useEffect(() => () => void dispatch(passwordResetActions.screenLeft()), [dispatch]);
  return (
    <EmailRequestForm
      status={request}
      texts={{
        title: intl.formatMessage(messages.requestTitle),
        intro: intl.formatMessage(messages.requestIntro),
        email: intl.formatMessage(messages.email),
        send: intl.formatMessage(messages.send),
        sent: intl.formatMessage(messages.sent),
        failed: intl.formatMessage(messages.requestFailed),
        back: intl.formatMessage(messages.backToSignIn),
      }}
      onSubmit={(email) => dispatch(passwordResetActions.resetLinkRequested({ email }))}
    />
  );
}
