import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import type { AttendancesState } from './attendances.slice';

export const selectPatientAttendances = (state: RootState): AttendancesState['patient'] => state.attendances.patient;
export const selectPhysicians = (state: RootState): AttendancesState['physicians'] => state.attendances.physicians;
export const selectStartFormTypes = (state: RootState): AttendancesState['startFormTypes'] => state.attendances.startFormTypes;
export const selectAttendanceStart = (state: RootState): AttendancesState['start'] => state.attendances.start;
export const selectAttendanceEditor = (state: RootState): AttendancesState['editor'] => state.attendances.editor;
export const selectApprovalReset = (state: RootState): AttendancesState['approvalReset'] => state.attendances.approvalReset;

export const selectPhysicianOptions = createSelector([(state: RootState) => state.attendances.physicians.items], (items) =>
  items.map((p) => ({ value: p.id, label: p.name })),
);
export const selectAddForm = (state: RootState): AttendancesState['addForm'] => state.attendances.addForm;
export const selectDisqualification = (state: RootState): AttendancesState['disqualification'] => state.attendances.disqualification;
