// A patient's attendances for the attendance list screen, the physicians of an institute, the
// start of a new attendance from the dashboard, and the list's header edit and approval reset.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Attendance, AttendanceChange, NewAttendance } from '../../api/attendances';
import type { Physician } from '../../api/dashboard';
import type { ErrorState } from '../../api/errors';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface AttendancesState {
  patient: { patientId: string | null; status: LoadStatus; items: Attendance[]; error: ErrorState | null };
  physicians: { instituteId: string | null; status: LoadStatus; items: Physician[] };
  start: { status: 'idle' | 'starting' | 'started' | 'failed'; error: ErrorState | null; started: { id: string; patientId: string } | null };
  /** How many attendance-start form types the chosen registry has; null while unknown. */
  startFormTypes: { registryId: string | null; count: number | null };
  /** The header edit of one attendance (the edit pane); the values being typed live in Formik. */
  editor: { attendanceId: string | null; status: 'idle' | 'saving' | 'saved' | 'failed'; error: ErrorState | null };
  /** The approval reset of one attendance (the confirm dialog). */
  approvalReset: { attendanceId: string | null; status: 'idle' | 'resetting' | 'done' | 'failed'; error: ErrorState | null };
}

const initialState: AttendancesState = {
  patient: { patientId: null, status: 'idle', items: [], error: null },
  physicians: { instituteId: null, status: 'idle', items: [] },
  start: { status: 'idle', error: null, started: null },
  startFormTypes: { registryId: null, count: null },
  editor: { attendanceId: null, status: 'idle', error: null },
  approvalReset: { attendanceId: null, status: 'idle', error: null },
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
    physiciansRequested(state, action: PayloadAction<string>) {
      state.physicians = { instituteId: action.payload, status: 'loading', items: [] };
    },
    physiciansLoaded(state, action: PayloadAction<{ instituteId: string; items: Physician[] }>) {
      if (state.physicians.instituteId !== action.payload.instituteId) return;
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
      state.start = { status: 'starting', error: null, started: null };
    },
    started(state, action: PayloadAction<{ id: string; patientId: string }>) {
      state.start = { status: 'started', error: null, started: action.payload };
    },
    startFailed(state, action: PayloadAction<ErrorState>) {
      state.start = { status: 'failed', error: action.payload, started: null };
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
    signedOut() {
      return initialState;
    },
  },
});

export const attendancesActions = attendancesSlice.actions;
