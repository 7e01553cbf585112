// /registration: the self-registration form (spec business-data §2, §3 User). The institutes and
// the captcha challenge come from the saga; a 400's field errors are shown on their fields.
import { useCallback, useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Input, Loader, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PublicLink, PublicNavigate } from '../../common/routing/publicNavigation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NewPasswordInputs } from '../auth/NewPasswordInputs';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { useFormState } from '../../common/forms/useFormState';
import { passwordMessages, passwordTexts } from '../auth/passwordMessages';
import { emailError, newPasswordErrors } from '../auth/validation';
import { selectLocale } from '../locale/locale.selectors';
import { AltchaCaptcha } from './AltchaCaptcha';
import { registrationActions } from './registration.slice';
import { selectInstituteOptions, selectRegistration } from './registration.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export interface RegistrationValues {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  instituteId: string;
  phone: string;
  doctor: boolean;
  notes: string;
  altcha: string;
}

type FieldName = Exclude<keyof RegistrationValues, 'doctor'>;

const INITIAL_VALUES: RegistrationValues = {
  name: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  instituteId: '',
  phone: '',
  doctor: false,
  notes: '',
  altcha: '',
};

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

export function RegistrationForm(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.formTitle);
  const dispatch = useAppDispatch();
  const { institutes, captcha, submit, error } = useAppSelector(selectRegistration);
  const instituteOptions = useAppSelector(selectInstituteOptions);
  const locale = useAppSelector(selectLocale);

  useEffect(() => {
    dispatch(registrationActions.formOpened());
    return () => void dispatch(registrationActions.formLeft());
  }, [dispatch]);
  useEffect(() => void dispatch(registrationActions.institutesRequested()), [dispatch, locale]);

  const required = intl.formatMessage(passwordMessages.required);
  const form = useFormState<RegistrationValues>({
    initialValues: INITIAL_VALUES,
    validate: (values) => ({
      name: values.name.trim() === '' ? required : undefined,
      email: emailError(values.email, required, intl.formatMessage(passwordMessages.invalidEmail)),
      ...newPasswordErrors(values, passwordTexts(intl)),
      instituteId: values.instituteId === '' ? required : undefined,
      altcha: values.altcha === '' ? intl.formatMessage(messages.captchaNotSet) : undefined,
    }),
    onSubmit: (values) =>
      void dispatch(
        registrationActions.registrationSubmitted({
          name: values.name.trim(),
          email: values.email.trim(),
          password: values.password,
          passwordConfirmation: values.passwordConfirmation,
          instituteId: values.instituteId,
          phone: optional(values.phone),
          doctor: values.doctor,
          notes: optional(values.notes),
          altcha: values.altcha,
        }),
      ),
  });

  const { setFieldValue } = form;
  const captchaChanged = useCallback((payload: string | null) => void setFieldValue('altcha', payload ?? ''), [setFieldValue]);
  const captchaExpired = useCallback(() => void dispatch(registrationActions.captchaRequested()), [dispatch]);
  // A new challenge (after expiry or a refused submit) voids the solution of the previous one.
  useEffect(() => void setFieldValue('altcha', '', false), [captcha.challenge, setFieldValue]);

  if (submit === 'sent') return <PublicNavigate to="/registration/confirm-email" replace />;

  const fromServer = serverFieldErrors(intl, error);
  // A refused captcha is answered with a new challenge; once that is solved the old refusal is moot.
  if (form.values.altcha) delete fromServer.altcha;
  const fieldError = (name: FieldName): string | undefined => form.shownError(name) ?? fromServer[name];
  const captchaError = fieldError('altcha');

  return (
    <Stack>
      <Title order={1} size="h2">
        {intl.formatMessage(messages.formTitle)}
      </Title>
      <Text size="sm">{intl.formatMessage(messages.formIntro)}</Text>
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack>
          {submit === 'failed' && Object.keys(fromServer).length === 0 && (
            <Alert color="red" role="alert">
              {error?.message ?? intl.formatMessage(messages.submitFailed)}
            </Alert>
          )}
          <TextInput label={intl.formatMessage(messages.name)} autoComplete="name" maxLength={255} {...form.getFieldProps('name')} error={fieldError('name')} />
          <TextInput
            label={intl.formatMessage(messages.email)}
            type="email"
            autoComplete="email"
            maxLength={254}
           
            {...form.getFieldProps('email')}
            error={fieldError('email')}
          />
          <NewPasswordInputs
            fieldProps={form.getFieldProps}
            errors={{ password: fieldError('password'), passwordConfirmation: fieldError('passwordConfirmation') }}
            labels={{ password: intl.formatMessage(messages.password), confirmation: intl.formatMessage(messages.passwordConfirmation) }}
          />
          {institutes.status === 'failed' && (
            <Alert color="red" role="alert">
              {intl.formatMessage(messages.institutesFailed)}
            </Alert>
          )}
          <Select
            label={intl.formatMessage(messages.institute)}
            placeholder={intl.formatMessage(messages.institutePlaceholder)}
            nothingFoundMessage={intl.formatMessage(messages.noInstitute)}
            data={instituteOptions}
            searchable
           
            disabled={institutes.status === 'loading' && instituteOptions.length === 0}
            rightSection={institutes.status === 'loading' ? <Loader size="xs" /> : undefined}
            name="instituteId"
            value={form.values.instituteId || null}
            onChange={(value) => void form.setFieldValue('instituteId', value ?? '')}
            onBlur={() => void form.setFieldTouched('instituteId')}
            error={fieldError('instituteId')}
          />
          <TextInput label={intl.formatMessage(messages.phone)} type="tel" autoComplete="tel" maxLength={50} {...form.getFieldProps('phone')} error={fieldError('phone')} />
          <Checkbox label={intl.formatMessage(messages.doctor)} {...form.checkboxProps('doctor')} />
          <Textarea label={intl.formatMessage(messages.notes)} autosize minRows={2} maxLength={2000} {...form.getFieldProps('notes')} error={fieldError('notes')} />
          <Input.Wrapper label={intl.formatMessage(messages.captcha)} labelElement="div" error={captchaError} errorProps={{ role: 'alert' }}>
            {captcha.status === 'ready' && captcha.challenge ? (
              <AltchaCaptcha challenge={captcha.challenge} language={locale} onChange={captchaChanged} onExpired={captchaExpired} />
            ) : captcha.status === 'failed' ? (
              <Group>
                <Text size="sm" c="red">
                  {intl.formatMessage(messages.captchaFailed)}
                </Text>
                <Button variant="light" size="xs" onClick={captchaExpired}>
                  {intl.formatMessage(messages.retry)}
                </Button>
              </Group>
            ) : (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">{intl.formatMessage(messages.captchaLoading)}</Text>
              </Group>
            )}
          </Input.Wrapper>
          <Button type="submit" loading={submit === 'sending'}>
            {intl.formatMessage(messages.submit)}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between">
        <Anchor component={PublicLink} to="/login" size="sm">
          {intl.formatMessage(messages.backToSignIn)}
        </Anchor>
        <Anchor component={PublicLink} to="/registration/resend-confirmation" size="sm">
          {intl.formatMessage(messages.noMailLink)}
        </Anchor>
      </Group>
    </Stack>
  );
}
