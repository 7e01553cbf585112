// The e-mail rule of the spec lives in the domain core, shared with the browser's validation.
export { isValidEmail } from '../../src/domain/auth/email';
