// A patient's attendances for the attendance list screen, the physicians of an institute, the
// start of a new attendance from the dashboard, and the list's header edit and approval reset.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Attendance, AttendanceChange, NewAttendance } from '../../api/attendances';
import type { Physician } from '../../api/dashboard';
import type { ErrorState } from '../../api/errors';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface AttendancesState {
  patient: { patientId: string | null; status: LoadStatus; items: Attendance[]; error: ErrorState | null };
  /** The physicians the caller may record forms for, per institute and registry (`key`: "institute/registry"). */
  physicians: { key: string | null; status: LoadStatus; items: Physician[] };
  start: {
    /** confirmSameDay: the patient already has an attendance that day; `pending` waits for the user's yes. */
    status: 'idle' | 'starting' | 'confirmSameDay' | 'started' | 'failed';
    error: ErrorState | null;
    pending: NewAttendance | null;
    started: StartedAttendance | null;
  };
  /** How many attendance-start form types the chosen registry has; null while unknown. */
  startFormTypes: { registryId: string | null; count: number | null };
  /** The header edit of one attendance (the edit pane); the values being typed live in Formik. */
  editor: { attendanceId: string | null; status: 'idle' | 'saving' | 'saved' | 'failed'; error: ErrorState | null };
  /** The approval reset of one attendance (the confirm dialog). */
  approvalReset: { attendanceId: string | null; status: 'idle' | 'resetting' | 'done' | 'failed'; error: ErrorState | null };
  /** "Add form" in one period; `formId` is the new form, which the list then opens. */
  addForm: { periodId: string | null; formTypeId: number | null; status: 'idle' | 'adding' | 'added' | 'failed'; error: ErrorState | null; formId: string | null };
  /** Disqualifying or requalifying one attendance (the reason dialog). */
  disqualification: { attendanceId: string | null; action: DisqualificationAction | null; status: 'idle' | 'saving' | 'done' | 'failed'; error: ErrorState | null };
}

export interface StartedAttendance {
  id: string;
  patientId: string;
  /** The attendance-start form the user lands on. */
  formId: string | null;
}

export type DisqualificationAction = 'disqualify' | 'requalify';

export const physiciansKey = (instituteId: string, registryId: string): string => `${instituteId}/${registryId}`;

const initialState: AttendancesState = {
  patient: { patientId: null, status: 'idle', items: [], error: null },
  physicians: { key: null, status: 'idle', items: [] },
  start: { status: 'idle', error: null, pending: null, started: null },
  startFormTypes: { registryId: null, count: null },
  editor: { attendanceId: null, status: 'idle', error: null },
  approvalReset: { attendanceId: null, status: 'idle', error: null },
  addForm: { periodId: null, formTypeId: null, status: 'idle', error: null, formId: null },
  disqualification: { attendanceId: null, action: null, status: 'idle', error: null },
};

export const attendancesSlice = createSlice({
  name: 'attendances',
  initialState,
  reducers: {
    patientAttendancesRequested(state, action: PayloadAction<string>) {
      // Another patient's list must not flash while this one loads.
      const items = state.patient.patientId === action.payload ? state.patient.items : [];
      state.patient = { patientId: action.payload, status: 'loading', items, error: null };
    },
    patientAttendancesLoaded(state, action: PayloadAction<{ patientId: string; items: Attendance[] }>) {
      if (state.patient.patientId !== action.payload.patientId) return;
      state.patient = { ...state.patient, status: 'ready', items: action.payload.items };
    },
    patientAttendancesFailed(state, action: PayloadAction<{ patientId: string; error: ErrorState }>) {
      if (state.patient.patientId !== action.payload.patientId) return;
      state.patient = { ...state.patient, status: 'failed', error: action.payload.error };
    },
    physiciansRequested(state, action: PayloadAction<{ instituteId: string; registryId: string }>) {
      state.physicians = { key: physiciansKey(action.payload.instituteId, action.payload.registryId), status: 'loading', items: [] };
    },
    physiciansLoaded(state, action: PayloadAction<{ key: string; items: Physician[] }>) {
      if (state.physicians.key !== action.payload.key) return;
      state.physicians = { ...state.physicians, status: 'ready', items: action.payload.items };
    },
    physiciansFailed(state) {
      state.physicians.status = 'failed';
    },
    startFormTypesRequested(state, action: PayloadAction<string>) {
      state.startFormTypes = { registryId: action.payload, count: null };
    },
    startFormTypesCounted(state, action: PayloadAction<{ registryId: string; count: number }>) {
      if (state.startFormTypes.registryId === action.payload.registryId) state.startFormTypes.count = action.payload.count;
    },
    startRequested(state, _action: PayloadAction<NewAttendance>) {
      state.start = { status: 'starting', error: null, pending: null, started: null };
    },
    sameDayConfirmationAsked(state, action: PayloadAction<NewAttendance>) {
      state.start = { status: 'confirmSameDay', error: null, pending: action.payload, started: null };
    },
    started(state, action: PayloadAction<StartedAttendance>) {
      state.start = { status: 'started', error: null, pending: null, started: action.payload };
    },
    startFailed(state, action: PayloadAction<ErrorState>) {
      state.start = { status: 'failed', error: action.payload, pending: null, started: null };
    },
    startReset(state) {
      state.start = initialState.start;
    },
    editRequested(state, action: PayloadAction<{ id: string; change: AttendanceChange }>) {
      state.editor = { attendanceId: action.payload.id, status: 'saving', error: null };
    },
    edited(state, action: PayloadAction<Attendance>) {
      const saved = action.payload;
      state.patient.items = state.patient.items.map((item) => (item.id === saved.id ? saved : item));
      if (state.editor.attendanceId === saved.id) state.editor = { ...state.editor, status: 'saved', error: null };
    },
    editFailed(state, action: PayloadAction<ErrorState>) {
      state.editor = { ...state.editor, status: 'failed', error: action.payload };
    },
    editorClosed(state) {
      state.editor = initialState.editor;
    },
    approvalResetRequested(state, action: PayloadAction<string>) {
      state.approvalReset = { attendanceId: action.payload, status: 'resetting', error: null };
    },
    approvalsReset(state, action: PayloadAction<string>) {
      if (state.approvalReset.attendanceId === action.payload) state.approvalReset = { ...state.approvalReset, status: 'done', error: null };
    },
    approvalResetFailed(state, action: PayloadAction<ErrorState>) {
      state.approvalReset = { ...state.approvalReset, status: 'failed', error: action.payload };
    },
    approvalResetDismissed(state) {
      state.approvalReset = initialState.approvalReset;
    },
    addFormRequested(state, action: PayloadAction<{ periodId: string; formTypeId: number }>) {
      state.addForm = { ...action.payload, status: 'adding', error: null, formId: null };
    },
    formAdded(state, action: PayloadAction<{ periodId: string; formId: string }>) {
      if (state.addForm.periodId === action.payload.periodId) state.addForm = { ...state.addForm, status: 'added', formId: action.payload.formId };
    },
    addFormFailed(state, action: PayloadAction<{ periodId: string; error: ErrorState }>) {
      if (state.addForm.periodId === action.payload.periodId) state.addForm = { ...state.addForm, status: 'failed', error: action.payload.error };
    },
    addFormDismissed(state) {
      state.addForm = initialState.addForm;
    },
    disqualificationRequested(state, action: PayloadAction<{ attendanceId: string; action: DisqualificationAction; reason: string }>) {
      state.disqualification = { attendanceId: action.payload.attendanceId, action: action.payload.action, status: 'saving', error: null };
    },
    disqualificationDone(state, action: PayloadAction<Attendance>) {
      const saved = action.payload;
      // The answer is the attendance without its periods' offers; the list is read again for those.
      state.patient.items = state.patient.items.map((item) => (item.id === saved.id ? { ...item, state: saved.state, disqualification: saved.disqualification ?? null } : item));
      if (state.disqualification.attendanceId === saved.id) state.disqualification = { ...state.disqualification, status: 'done', error: null };
    },
    disqualificationFailed(state, action: PayloadAction<ErrorState>) {
      state.disqualification = { ...state.disqualification, status: 'failed', error: action.payload };
    },
    disqualificationDismissed(state) {
      state.disqualification = initialState.disqualification;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const attendancesActions = attendancesSlice.actions;
