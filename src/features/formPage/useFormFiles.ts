// The form engine's file store for one form (docs/api-clinical.md § Form files): uploads into the
// form's file-upload fields and downloads of their files.
//
// Why the store's runSaga and not a pending ref like FormPage's write(): an upload or a download
// concerns one field and one click, and its outcome matters only to the widget waiting for it;
// nothing else on the page reads it. Actions plus a slice entry per upload, and a ref resolved from
// that state, would be three moving parts for one awaited call. Running the saga helper on the
// app's store keeps every request on callApi (the session's Bearer token, Accept-Language, a 401
// signs out) and hands the widget the answer, or the ApiError, as a promise.
import { useMemo } from 'react';
import { downloadFormFile, uploadFormFile } from '../../api/formFiles';
import { useAppStore } from '../../app/hooks';
import { pathFieldId } from '../../domain/forms';
import type { FormFiles } from '../../formEngine';

// Long enough for any browser to have started reading the object URL before it is released.
const REVOKE_AFTER_MS = 10_000;

/** Hands bytes to the browser as a download named `fileName` (a plain link cannot send the Bearer token). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Files of the form `formId`: a field's files are stored under its id, also inside a multi-field
 * (`meds[2].scan` → `scan`). The form exists on the server whenever the page shows it.
 */
export function useFormFiles(formId: string): FormFiles {
  const store = useAppStore();
  return useMemo<FormFiles>(
    () => ({
      upload: async (path, file) => {
        const { fileId, fileName, size, mimeType } = await store.runSaga(uploadFormFile, formId, pathFieldId(path), file);
        // The field keeps the domain's FileValue; the server's sha256 stays in its records.
        return { fileId, fileName, size, mimeType };
      },
      download: async (path, value) => {
        const blob = await store.runSaga(downloadFormFile, formId, pathFieldId(path), value);
        saveBlob(blob, value.fileName);
      },
    }),
    [store, formId],
  );
}
