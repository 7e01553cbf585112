// Errors as plain serializable data (DESIGN §3.6). The API client throws ApiError; sagas turn it
// into an ErrorState for the store with toErrorState.

/** A field error of the server's 400 answers: `key` is a validation-message key of spec §5. */
export interface FieldError {
  path: string;
  key: string;
  context?: Record<string, unknown>;
}

export interface ErrorState {
  /** The server's `code` (e.g. `login_failed`), or `network_error` when no answer came. */
  code: string;
  /** "message (status)" as spec §8 shows it, or "Error" without an answer. */
  message?: string;
  status?: number;
  errors?: FieldError[];
  /** Further fields of the error answer, e.g. `existingPatientId` or `currentVersion`. */
  details?: Record<string, unknown>;
}

export const NETWORK_ERROR = 'network_error';

export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  readonly details: Record<string, unknown>;

  constructor(options: { status?: number; code?: string; message?: string; errors?: FieldError[]; details?: Record<string, unknown> }) {
    // Spec §8: the server message followed by the status in parentheses; "Error" with no response.
    super(options.status === undefined ? 'Error' : `${options.message ?? 'Error'} (${options.status})`);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code ?? (options.status === undefined ? NETWORK_ERROR : `http_${options.status}`);
    this.fieldErrors = options.errors ?? [];
    this.details = options.details ?? {};
  }
}

export function toErrorState(error: unknown): ErrorState {
  if (error instanceof ApiError) {
    const state: ErrorState = { code: error.code, message: error.message };
    if (error.status !== undefined) state.status = error.status;
    if (error.fieldErrors.length > 0) state.errors = error.fieldErrors;
    if (Object.keys(error.details).length > 0) state.details = error.details;
    return state;
  }
  return { code: 'client_error', message: error instanceof Error ? error.message : 'Error' };
}
