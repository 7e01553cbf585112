// The ALTCHA widget (self-hosted proof of work, DESIGN §7) as a controlled piece of a form. The
// saga fetches the challenge; the widget only solves it, so components still never call fetch.
//
// 'altcha' (not 'altcha/external') on purpose: that bundle starts its PBKDF2 workers from blob
// URLs and injects its styles in a <style> element, both of which our CSP allows (worker-src
// blob:, style-src 'unsafe-inline'); it needs no eval and no extra stylesheet import.
import 'altcha';
import 'altcha/i18n/hu';
import type {} from 'altcha/types/react';
import { Fragment, useEffect, useRef, type ReactElement } from 'react';
import type { Locale } from '../../i18n/catalogues';
import type { CaptchaChallenge } from './registration.slice';

export interface AltchaCaptchaProps {
  challenge: CaptchaChallenge;
  language: Locale;
  /** The payload once the puzzle is solved; null when it is not (or no longer) solved. */
  onChange: (payload: string | null) => void;
  /** The challenge expired (10 minutes): the caller should fetch a new one. */
  onExpired: () => void;
}

interface StateChangeDetail {
  state?: string;
  payload?: string | null;
}

export const ALTCHA_STATE_CHANGE = 'statechange';
export const ALTCHA_EXPIRED = 'expired';

export function AltchaCaptcha({ challenge, language, onChange, onExpired }: AltchaCaptchaProps): ReactElement {
  const ref = useRef<HTMLElement>(null);
  // The widget takes a challenge object only through configure(), which exists once its inner
  // component has started (after a microtask); the JSON text property works from the first render.
  const challengeJson = JSON.stringify(challenge);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const stateChanged = (event: Event): void => {
      const detail = (event as CustomEvent<StateChangeDetail | undefined>).detail;
      onChange(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    const expired = (): void => {
      onChange(null);
      onExpired();
    };
    element.addEventListener(ALTCHA_STATE_CHANGE, stateChanged);
    element.addEventListener(ALTCHA_EXPIRED, expired);
    return () => {
      element.removeEventListener(ALTCHA_STATE_CHANGE, stateChanged);
      element.removeEventListener(ALTCHA_EXPIRED, expired);
    };
  }, [onChange, onExpired, challengeJson]);

  // A new challenge gets a new widget (key): a solved or expired state must not carry over.
  return (
    <Fragment key={challengeJson}>
      <altcha-widget ref={ref} challenge={challengeJson} language={language} />
    </Fragment>
  );
}
