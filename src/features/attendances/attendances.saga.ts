import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import {
  deleteAttendanceApprovals,
  deleteDisqualification,
  getPatientAttendances,
  patchAttendance,
  postAttendance,
  postPeriodForm,
  putDisqualification,
  type Attendance,
  type AttendanceChange,
  type NewAttendance,
} from '../../api/attendances';
import { getAccessiblePhysicians, getAttendanceStartFormTypes, type Physician } from '../../api/dashboard';
import { ApiError, toErrorState } from '../../api/errors';
import { authActions } from '../auth/auth.slice';
import { attendancesActions, physiciansKey, type DisqualificationAction } from './attendances.slice';
import { selectPatientAttendances } from './attendances.selectors';

function* loadPatientAttendances(action: PayloadAction<string>): SagaIterator {
  const patientId = action.payload;
  try {
    const { data }: ApiResponse<{ results: Attendance[] }> = yield call(callApi, getPatientAttendances(patientId));
    yield put(attendancesActions.patientAttendancesLoaded({ patientId, items: data.results }));
  } catch (error) {
    yield put(attendancesActions.patientAttendancesFailed({ patientId, error: toErrorState(error) }));
  }
}

function* loadPhysicians(action: PayloadAction<{ instituteId: string; registryId: string }>): SagaIterator {
  const { instituteId, registryId } = action.payload;
  try {
    // Exactly the physicians the server accepts in a start by this caller, not every physician of the institute.
    const { data }: ApiResponse<{ results: Physician[] }> = yield call(callApi, getAccessiblePhysicians(instituteId, registryId));
    yield put(attendancesActions.physiciansLoaded({ key: physiciansKey(instituteId, registryId), items: data.results }));
  } catch {
    yield put(attendancesActions.physiciansFailed());
  }
}

function* countStartFormTypes(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: unknown[]; statistics?: { total: number } }> = yield call(callApi, getAttendanceStartFormTypes(action.payload));
    yield put(attendancesActions.startFormTypesCounted({ registryId: action.payload, count: data.statistics?.total ?? data.results.length }));
  } catch {
    // Unknown stays unknown: the server still refuses a start it cannot make.
  }
}

function* start(action: PayloadAction<NewAttendance>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: Attendance[] }> = yield call(callApi, postAttendance(action.payload));
    const attendance = data.results[0];
    yield put(attendancesActions.started({ id: attendance.id, patientId: attendance.patient?.id ?? action.payload.patientId, formId: attendance.formId }));
  } catch (error) {
    // The patient already has an attendance that day: the user decides, and a yes sends it again confirmed.
    if (error instanceof ApiError && error.code === 'attendance_same_day' && !action.payload.confirmSameDay) {
      yield put(attendancesActions.sameDayConfirmationAsked(action.payload));
    } else {
      yield put(attendancesActions.startFailed(toErrorState(error)));
    }
  }
}

function* addForm(action: PayloadAction<{ periodId: string; formTypeId: number }>): SagaIterator {
  const { periodId, formTypeId } = action.payload;
  try {
    const { data }: ApiResponse<{ results: { id: string }[] }> = yield call(callApi, postPeriodForm(periodId, formTypeId));
    yield put(attendancesActions.formAdded({ periodId, formId: data.results[0].id }));
  } catch (error) {
    yield put(attendancesActions.addFormFailed({ periodId, error: toErrorState(error) }));
  }
}

function* disqualification(action: PayloadAction<{ attendanceId: string; action: DisqualificationAction; reason: string }>): SagaIterator {
  const { attendanceId, reason } = action.payload;
  const request = action.payload.action === 'disqualify' ? putDisqualification(attendanceId, reason) : deleteDisqualification(attendanceId, reason);
  try {
    const { data }: ApiResponse<{ results: Attendance[] }> = yield call(callApi, request);
    yield put(attendancesActions.disqualificationDone(data.results[0]));
    // The periods' offers and the forms' operations changed with the state: read the list again.
    const { patientId }: ReturnType<typeof selectPatientAttendances> = yield select(selectPatientAttendances);
    if (patientId) yield put(attendancesActions.patientAttendancesRequested(patientId));
  } catch (error) {
    yield put(attendancesActions.disqualificationFailed(toErrorState(error)));
  }
}

function* edit(action: PayloadAction<{ id: string; change: AttendanceChange }>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: Attendance[] }> = yield call(callApi, patchAttendance(action.payload.id, action.payload.change));
    yield put(attendancesActions.edited(data.results[0]));
  } catch (error) {
    yield put(attendancesActions.editFailed(toErrorState(error)));
  }
}

function* resetApprovals(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(callApi, deleteAttendanceApprovals(action.payload));
    yield put(attendancesActions.approvalsReset(action.payload));
    // The list is read again: every form of the attendance changed state, and other attendances may have moved on too.
    const { patientId }: ReturnType<typeof selectPatientAttendances> = yield select(selectPatientAttendances);
    if (patientId) yield put(attendancesActions.patientAttendancesRequested(patientId));
  } catch (error) {
    yield put(attendancesActions.approvalResetFailed(toErrorState(error)));
  }
}

function* clear(): SagaIterator {
  yield put(attendancesActions.signedOut());
}

export function* attendancesSaga(): SagaIterator {
  yield takeLatest(attendancesActions.patientAttendancesRequested.type, loadPatientAttendances);
  yield takeLatest(attendancesActions.physiciansRequested.type, loadPhysicians);
  yield takeLatest(attendancesActions.startFormTypesRequested.type, countStartFormTypes);
  // takeLatest would drop the first of two quick clicks silently; the button is disabled meanwhile.
  yield takeEvery(attendancesActions.startRequested.type, start);
  // The pane's and the dialog's buttons are busy while their request runs, so each runs once.
  yield takeEvery(attendancesActions.editRequested.type, edit);
  yield takeEvery(attendancesActions.approvalResetRequested.type, resetApprovals);
  yield takeEvery(attendancesActions.addFormRequested.type, addForm);
  yield takeEvery(attendancesActions.disqualificationRequested.type, disqualification);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
