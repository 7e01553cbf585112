// Files of file-upload fields (docs/api-clinical.md § Form files). An upload answers the value the
// field stores; a download needs the session's Bearer token like every call, so a plain <a href>
// cannot fetch it: fetch the Blob (downloadFormFile) and hand the browser an object URL.
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import type { FileValue } from '../domain/forms';
import { callApi } from './callApi';
import { API_PREFIX, type ApiRequest, type ApiResponse } from './client';

/** The upload's answer: a complete file-upload value, plus the SHA-256 of the bytes the server stored. */
export interface UploadedFormFile extends FileValue {
  size: number;
  mimeType: string;
  sha256: string;
}

const segment = encodeURIComponent;

/** POST /forms/{formId}/{fieldId}/files; the name travels percent-encoded, so any UTF-8 name survives a header. */
export const uploadFormFileRequest = (formId: string, fieldId: string, file: Blob, fileName: string): ApiRequest => ({
  method: 'POST',
  path: `/forms/${segment(formId)}/${segment(fieldId)}/files`,
  binary: file,
  headers: { 'x-file-name': encodeURIComponent(fileName) },
});

/** The download path below /api/v1 (the spec's /forms/{formId}/{x}/files/{a}/{b}). */
export function formFilePath(formId: string, fieldId: string, file: Pick<FileValue, 'fileId' | 'fileName'>): string {
  return `/forms/${segment(formId)}/${segment(fieldId)}/files/${segment(file.fileId)}/${segment(file.fileName)}`;
}

/** The same as a same-origin URL, e.g. to show or log; fetching it needs the Bearer token. */
export function formFileUrl(formId: string, fieldId: string, file: Pick<FileValue, 'fileId' | 'fileName'>): string {
  return `${API_PREFIX}${formFilePath(formId, fieldId, file)}`;
}

export const downloadFormFileRequest = (formId: string, fieldId: string, file: Pick<FileValue, 'fileId' | 'fileName'>): ApiRequest => ({
  method: 'GET',
  path: formFilePath(formId, fieldId, file),
  responseType: 'blob',
});

/** Saga: uploads one chosen file; answers the value to put into the field. Throws ApiError (413 file_too_large, 400, 403, 404, 409). */
export function* uploadFormFile(formId: string, fieldId: string, file: File): SagaIterator<UploadedFormFile> {
  const response: ApiResponse<UploadedFormFile> = yield call(callApi<UploadedFormFile>, uploadFormFileRequest(formId, fieldId, file, file.name));
  return response.data;
}

/** Saga: the bytes of a stored file, typed as the server sent them. */
export function* downloadFormFile(formId: string, fieldId: string, file: Pick<FileValue, 'fileId' | 'fileName'>): SagaIterator<Blob> {
  const response: ApiResponse<Blob> = yield call(callApi<Blob>, downloadFormFileRequest(formId, fieldId, file));
  return response.data;
}
