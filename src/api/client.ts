// The one HTTP client of the browser (DESIGN §3.1). It knows nothing of the store: sagas call it
// through callApi (./callApi.ts), which supplies the token and locale and applies the 401 rule.
import { ApiError, type FieldError } from './errors';

export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined | null;

/** What an area module (src/api/<area>.ts) describes; the caller adds who and in which language. */
export interface ApiRequest {
  method: HttpMethod;
  /** Below /api/v1, e.g. `/client-configuration`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (the OAuth-style /auth calls of spec auth §7). */
  form?: Record<string, string>;
  /** Sent as it is, with its own type as Content-Type (file uploads). */
  binary?: Blob;
  /** Read the answer as a Blob whatever its type (file downloads: a text file stays bytes). */
  responseType?: 'blob';
  /** Extra headers, e.g. `x-form-version`. */
  headers?: Record<string, string>;
  /** Use this token instead of the session's (the MFA access token of the sign-in steps). */
  token?: string | null;
}

export interface ApiContext {
  token: string | null;
  locale: string;
  /** Default: this page's origin (absolute, so the same code runs under jsdom in tests). */
  baseUrl?: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
}

export function buildUrl(path: string, query: ApiRequest['query'], baseUrl = ''): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

function encodeBody(request: ApiRequest, headers: Record<string, string>): BodyInit | undefined {
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return new URLSearchParams(request.form).toString();
  }
  if (request.binary !== undefined) {
    headers['content-type'] = request.binary.type || 'application/octet-stream';
    return request.binary;
  }
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    return JSON.stringify(request.json);
  }
  return undefined;
}

async function readBody(response: Response, responseType?: 'blob'): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  if (responseType === 'blob' && response.ok) return response.blob();
  if (type.includes('json')) {
    try {
      return await response.json();
    } catch {
      return null;
    }
  }
  return type.startsWith('text/') ? response.text() : response.blob();
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  errors?: unknown;
}

function errorFrom(status: number, body: unknown): ApiError {
  const payload = (body && typeof body === 'object' ? body : {}) as ErrorBody & Record<string, unknown>;
  const { message, code, errors, statusCode: _statusCode, ...details } = payload;
  return new ApiError({
    status,
    message: typeof message === 'string' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
    errors: Array.isArray(errors) ? (errors as FieldError[]) : undefined,
    details,
  });
}

/** Sends one request; answers 2xx as data and throws ApiError for anything else. */
export async function sendRequest<T>(request: ApiRequest, context: ApiContext): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': context.locale, ...request.headers };
  const token = request.token === undefined ? context.token : request.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const body = encodeBody(request, headers);
  let response: Response;
  try {
    const url = buildUrl(request.path, request.query, context.baseUrl ?? window.location.origin);
    response = await fetch(url, { method: request.method, headers, body });
  } catch {
    throw new ApiError({});
  }
  const data = await readBody(response, request.responseType);
  if (!response.ok) throw errorFrom(response.status, data);
  return { status: response.status, data: data as T, headers: response.headers };
}
