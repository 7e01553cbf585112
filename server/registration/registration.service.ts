// Self-registration: the form, the confirmation link, its resending and the confirmation itself.
import type { FastifyRequest } from 'fastify';
import { isValidEmail, normalizeEmail } from '../../src/domain/auth/email';
import { logEvent } from '../appLog/appLog.repository';
import { issueLinkToken, linkTokenHash } from '../auth/linkTokens';
import { findLiveToken, spendToken } from '../auth/oneTimeTokens.repository';
import { newPasswordErrors } from '../auth/passwordFields';
import { ApiError, validationError, type FieldError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { admitMailRequest, reserveMail } from '../mail/mailThrottle';
import { emailConfirmationMail, registrationConfirmedMail } from '../mail/templates/authMails';
import { renderMail } from '../mail/templates/layout';
import { mailLocaleOf } from '../profile/profileSettings.repository';
import type { ServerServices } from '../services';
import { findAccountByEmail, findAccountById, setUserState, type Account } from '../users/accounts.repository';
import { acceptCaptcha } from './captcha';
import { emailTaken, insertRegisteredUser, instituteExists, registrationAdmins } from './registration.repository';
import { findAuthUser } from '../users/users.repository';
import { localizedName } from '../institutes/institutes.repository';

export const CONFIRMATION_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface RegistrationForm {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  instituteId: string;
  phone?: string;
  doctor?: boolean;
  notes?: string;
  altcha?: string;
}

const captchaError: FieldError = { path: 'altcha', key: 'api.recaptcha', context: {} };

export const emailConfirmationFailed = (): ApiError =>
  new ApiError({ statusCode: 400, code: 'email_confirmation_failed', messageId: 'server.registration.emailConfirmationFailed' });

async function sendConfirmation(services: ServerServices, account: Pick<Account, 'id' | 'name' | 'email'>, locale: Locale): Promise<void> {
  const token = await issueLinkToken(services, account.id, 'email_confirmation', CONFIRMATION_TOKEN_TTL_SECONDS);
  const url = `${services.config.publicUrl}/registration/confirm/${account.id}#token=${token}`;
  services.mailer.send(renderMail(account.email, emailConfirmationMail[locale]({ name: account.name, url })), 'email_confirmation');
}

async function fieldErrors(services: ServerServices, form: RegistrationForm, email: string): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (form.name.trim() === '') errors.push({ path: 'name', key: 'string.empty', context: {} });
  if (!isValidEmail(email)) errors.push({ path: 'email', key: 'string.email', context: {} });
  errors.push(...newPasswordErrors(form.password, form.passwordConfirmation));
  if (!(await instituteExists(services.db, form.instituteId))) errors.push({ path: 'instituteId', key: 'api.notFound', context: {} });
  return errors;
}

export async function register(services: ServerServices, request: FastifyRequest, form: RegistrationForm, locale: Locale): Promise<string> {
  const email = normalizeEmail(form.email);
  const errors = await fieldErrors(services, form, email);
  // The captcha is spent only by an otherwise valid form, so fixing a typo needs no new puzzle.
  if (errors.length > 0) throw validationError(form.altcha ? errors : [...errors, captchaError]);
  if (!(await acceptCaptcha(services, form.altcha))) throw validationError([captchaError]);
  await admitMailRequest(services, request);
  if (await emailTaken(services.db, email)) throw validationError([{ path: 'email', key: 'api.unique', context: {} }]);
  const passwordHash = await services.passwords.hash(form.password);
  const blankToNull = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);
  let id: string;
  try {
    id = await services.db.transaction().execute((trx) =>
      insertRegisteredUser(trx, {
        name: form.name.trim(),
        email,
        passwordHash,
        instituteId: form.instituteId,
        phone: blankToNull(form.phone),
        doctor: form.doctor ?? false,
        notes: blankToNull(form.notes),
        locale,
        now: services.clock().toISOString(),
      }),
    );
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (await emailTaken(services.db, email)) throw validationError([{ path: 'email', key: 'api.unique', context: {} }]);
    throw error;
  }
  // Held back when the address has had its mails this hour; "resend" works again later.
  if (await reserveMail(services, request, { address: email, accountId: id }, 'email_confirmation')) {
    await sendConfirmation(services, { id, name: form.name.trim(), email }, locale);
  }
  await logEvent(services.db, { event: 'registration.created', reqId: request.id, targetType: 'user', targetId: id, targetName: email });
  return id;
}

/** Sends a fresh link to an unconfirmed user within the mail limits; silent for anyone else. */
export async function resendConfirmation(services: ServerServices, request: FastifyRequest, email: string): Promise<void> {
  await admitMailRequest(services, request);
  const account = await findAccountByEmail(services.db, normalizeEmail(email));
  if (!account || account.state !== 'unconfirmed') return;
  if (!(await reserveMail(services, request, { address: account.email, accountId: account.id }, 'email_confirmation'))) return;
  await sendConfirmation(services, account, await mailLocaleOf(services.db, account.id));
}

async function notifyAdmins(services: ServerServices, account: Account): Promise<void> {
  const user = await findAuthUser(services.db, account.id);
  for (const admin of await registrationAdmins(services.db, account.instituteId)) {
    const locale = await mailLocaleOf(services.db, admin.id);
    const content = registrationConfirmedMail[locale]({
      adminName: admin.name,
      userName: account.name,
      userEmail: account.email,
      institute: user?.institute ? localizedName(user.institute, locale) : '-',
      url: `${services.config.publicUrl}/admin/users/${account.id}`,
    });
    services.mailer.send(renderMail(admin.email, content), 'registration_confirmed');
  }
}

export async function confirmEmail(services: ServerServices, request: FastifyRequest, userId: string, token: string): Promise<void> {
  const now = services.clock().toISOString();
  const tokenHash = linkTokenHash(services, token);
  const owner = await findLiveToken(services.db, 'email_confirmation', tokenHash, now);
  const account = owner === userId ? await findAccountById(services.db, userId) : null;
  if (!account || account.state !== 'unconfirmed') throw emailConfirmationFailed();
  await services.db.transaction().execute(async (trx) => {
    if (!(await spendToken(trx, 'email_confirmation', tokenHash, now))) throw emailConfirmationFailed();
    await setUserState(trx, userId, 'confirmed', now);
  });
  await notifyAdmins(services, { ...account, state: 'confirmed' });
  await logEvent(services.db, { event: 'registration.confirmed', reqId: request.id, targetType: 'user', targetId: userId, targetName: account.email });
}
