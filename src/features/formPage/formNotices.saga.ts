// What the form page tells the user after a write, and the monitor's way on after an approval or
// a rejection: the next form of their approvable list. The list is read afresh (a colleague may
// have taken a form meanwhile) in its own order, oldest change first; the form just approved or
// rejected has left it (its next level is not this monitor's), so the first other form is the
// next one. A failure to read it only means no offer.
import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { getFormList, type ClinicalForm, type ListedForm } from '../../api/forms';
import { formPageActions } from './formPage.slice';
import type { FormNotice, FormWrite } from './formPage.types';

/** Enough to skip the current form and a few others that may still be listed. */
const LOOK_AHEAD = '5';

export function noticeOfWrite(write: FormWrite, answered: ClinicalForm | undefined): FormNotice {
  switch (write.kind) {
    case 'update':
      return { kind: write.submit ? 'submitted' : 'draftSaved' };
    case 'approve':
      return { kind: 'approved', level: write.level, of: answered?.requiredLevels ?? write.level };
    case 'reject':
      return { kind: 'rejected', level: write.level, fields: write.rejections.length };
    case 'correct':
      return { kind: write.finalized ? 'correctionFinished' : 'correctionSaved' };
  }
}

export function* findNextApprovable(currentId: string): SagaIterator {
  yield put(formPageActions.nextRequested());
  try {
    const { data }: ApiResponse<{ results: ListedForm[] }> = yield call(callApi, getFormList('approvable', { limit: LOOK_AHEAD }));
    const next = data.results.find((form) => form.id !== currentId);
    const patient = next ? (next.patient.name ? `${next.patient.internalPatientNumber} · ${next.patient.name}` : next.patient.internalPatientNumber) : '';
    yield put(formPageActions.nextLoaded(next ? { id: next.id, displayId: next.displayId, patient } : null));
  } catch {
    yield put(formPageActions.nextLoaded(null));
  }
}
