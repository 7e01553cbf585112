// Self-registration: the institutes to choose from, the captcha challenge, the form's submit, the
// resending of the confirmation link and the confirmation itself (spec business-data §2, §7).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { RegistrationRequest } from '../../api/registration';

export type RequestStatus = 'idle' | 'sending' | 'sent' | 'failed';
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface RegistrationInstitute {
  id: string;
  name: string;
  shortName: string;
}

/** An ALTCHA v3 challenge as the server sends it; plain JSON, handed to the widget unchanged. */
export interface CaptchaChallenge {
  parameters: Record<string, unknown>;
  signature?: string;
}

export interface RegistrationState {
  institutes: { status: LoadStatus; items: RegistrationInstitute[] };
  captcha: { status: LoadStatus; challenge: CaptchaChallenge | null };
  submit: RequestStatus;
  /** The address of the registration just made, for the confirm-your-e-mail notice. */
  registeredEmail: string | null;
  /** The failed submit's error; its field errors are shown on the form's fields. */
  error: ErrorState | null;
  resend: RequestStatus;
  confirmation: 'idle' | 'sending' | 'confirmed' | 'failed';
  confirmationError: ErrorState | null;
}

const initialState: RegistrationState = {
  institutes: { status: 'idle', items: [] },
  captcha: { status: 'idle', challenge: null },
  submit: 'idle',
  registeredEmail: null,
  error: null,
  resend: 'idle',
  confirmation: 'idle',
  confirmationError: null,
};

export const registrationSlice = createSlice({
  name: 'registration',
  initialState,
  reducers: {
    formOpened(state) {
      state.captcha = { status: 'loading', challenge: null };
    },
    formLeft(state) {
      state.captcha = initialState.captcha;
      state.submit = 'idle';
      state.error = null;
    },
    /** On opening the form and on a language switch: the server names the institutes in the
     * request's language. The old list stays usable until the new one arrives. */
    institutesRequested(state) {
      state.institutes.status = 'loading';
    },
    institutesLoaded(state, action: PayloadAction<RegistrationInstitute[]>) {
      state.institutes = { status: 'ready', items: action.payload };
    },
    institutesFailed(state) {
      state.institutes.status = 'failed';
    },
    captchaRequested(state) {
      state.captcha = { status: 'loading', challenge: null };
    },
    captchaLoaded(state, action: PayloadAction<CaptchaChallenge>) {
      state.captcha = { status: 'ready', challenge: action.payload };
    },
    captchaFailed(state) {
      state.captcha = { status: 'failed', challenge: null };
    },
    registrationSubmitted(state, _action: PayloadAction<RegistrationRequest>) {
      state.submit = 'sending';
      state.error = null;
    },
    registered(state, action: PayloadAction<{ id: string; email: string }>) {
      state.submit = 'sent';
      state.registeredEmail = action.payload.email;
    },
    registrationFailed(state, action: PayloadAction<ErrorState>) {
      state.submit = 'failed';
      state.error = action.payload;
    },
    resendRequested(state, _action: PayloadAction<{ email: string }>) {
      state.resend = 'sending';
    },
    resendSent(state) {
      state.resend = 'sent';
    },
    resendFailed(state) {
      state.resend = 'failed';
    },
    resendLeft(state) {
      state.resend = 'idle';
    },
    confirmationRequested(state, _action: PayloadAction<{ userId: string; token: string }>) {
      state.confirmation = 'sending';
      state.confirmationError = null;
    },
    emailConfirmed(state) {
      state.confirmation = 'confirmed';
    },
    confirmationFailed(state, action: PayloadAction<ErrorState>) {
      state.confirmation = 'failed';
      state.confirmationError = action.payload;
    },
    confirmationLeft(state) {
      state.confirmation = 'idle';
      state.confirmationError = null;
    },
  },
});

export const registrationActions = registrationSlice.actions;
