// Reads of the data export page's state.
import { createSelector } from '@reduxjs/toolkit';
import type { ExportJob } from '../../api/dataExport';
import type { RootState } from '../../app/rootReducer';
import type { DataExportState } from './dataExport.slice';

export const selectDataExport = (state: RootState): DataExportState => state.dataExport;

export const selectWatchedJob = createSelector(
  [(state: RootState) => state.dataExport.jobs, (state: RootState) => state.dataExport.watchedId],
  (jobs, id): ExportJob | null => jobs.find((job) => job.id === id) ?? null,
);
