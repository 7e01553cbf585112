import type { RootState } from '../../app/rootReducer';
import type { DashboardState } from './dashboard.slice';

export const selectDashboard = (state: RootState): DashboardState => state.dashboard;
