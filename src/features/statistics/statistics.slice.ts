// The statistics page: its filters (registry, institute, date range), the choices for them, the
// data of each chart (as JSON from the statistics calls) and the downloads under way.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type {
  ApprovalLevelRow,
  AttendancesPerMonth,
  FollowUpRow,
  RejectionCountRow,
  StatisticKind,
  StatisticsFilters,
  UserActivityRow,
} from '../../api/statistics';

export interface FilterChoice {
  id: string;
  name: string;
  shortName: string;
}

export interface StatisticsData {
  approvalLevels: ApprovalLevelRow[];
  attendances: AttendancesPerMonth;
  userActivity: UserActivityRow[];
  rejections: RejectionCountRow[];
  followUps: FollowUpRow[];
}

export interface StatisticsState {
  filters: StatisticsFilters;
  registries: FilterChoice[];
  institutes: FilterChoice[];
  data: StatisticsData | null;
  loading: boolean;
  error: ErrorState | null;
  downloading: StatisticKind[];
  downloadError: ErrorState | null;
}

export const EMPTY_FILTERS: StatisticsFilters = { registryId: '', instituteId: '', from: '', to: '', registryShortName: '' };

const initialState: StatisticsState = { filters: EMPTY_FILTERS, registries: [], institutes: [], data: null, loading: false, error: null, downloading: [], downloadError: null };

export const statisticsSlice = createSlice({
  name: 'statistics',
  initialState,
  reducers: {
    pageOpened(state) {
      state.loading = true;
      state.error = null;
      state.downloadError = null;
    },
    choicesLoaded(state, action: PayloadAction<{ registries: FilterChoice[]; institutes: FilterChoice[] }>) {
      state.registries = action.payload.registries;
      state.institutes = action.payload.institutes;
    },
    /** New filters: the charts load again under them. */
    filtersApplied(state, action: PayloadAction<StatisticsFilters>) {
      state.filters = action.payload;
      state.loading = true;
      state.error = null;
    },
    dataLoaded(state, action: PayloadAction<StatisticsData>) {
      state.data = action.payload;
      state.loading = false;
    },
    dataFailed(state, action: PayloadAction<ErrorState>) {
      state.error = action.payload;
      state.loading = false;
    },
    downloadRequested(state, action: PayloadAction<StatisticKind>) {
      if (!state.downloading.includes(action.payload)) state.downloading.push(action.payload);
      state.downloadError = null;
    },
    downloadDone(state, action: PayloadAction<StatisticKind>) {
      state.downloading = state.downloading.filter((kind) => kind !== action.payload);
    },
    downloadFailed(state, action: PayloadAction<{ kind: StatisticKind; error: ErrorState }>) {
      state.downloading = state.downloading.filter((kind) => kind !== action.payload.kind);
      state.downloadError = action.payload.error;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const statisticsActions = statisticsSlice.actions;
