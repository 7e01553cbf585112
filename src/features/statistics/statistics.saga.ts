// The statistics page's side effects: load the filter choices (the registries and institutes the
// user can see) and every chart's numbers under the current filters, again whenever they change
// (the latest filters win), and save a statistic's .xlsx (fetched with the session's token).
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { getInstitutes } from '../../api/institutes';
import { getRegistries } from '../../api/registries';
import {
  DOWNLOAD_NAMES,
  getAttendancesPerMonth,
  getStatisticFile,
  getStatisticJson,
  type ApprovalLevelRow,
  type AttendancesPerMonth,
  type FollowUpRow,
  type RejectionCountRow,
  type StatisticsFilters,
  type UserActivityRow,
} from '../../api/statistics';
import type { RootState } from '../../app/rootReducer';
import { authActions } from '../auth/auth.slice';
import { saveBlob } from '../formPage/useFormFiles';
import { statisticsActions, type FilterChoice } from './statistics.slice';

const SIGNED_OUT = [authActions.logoutRequested.type, authActions.sessionExpired.type];
const selectFilters = (state: RootState): StatisticsFilters => state.statistics.filters;

type Results<T> = ApiResponse<{ results: T[] }>;
type Named = { id: string; name: string; shortName: string };

function* loadChoices(): SagaIterator {
  try {
    const [registries, institutes]: [Results<Named>, Results<Named>] = yield all([call(callApi, getRegistries()), call(callApi, getInstitutes({ limit: '1000' }))]);
    const choice = ({ id, name, shortName }: Named): FilterChoice => ({ id, name, shortName });
    yield put(statisticsActions.choicesLoaded({ registries: registries.data.results.map(choice), institutes: institutes.data.results.map(choice) }));
  } catch {
    // The filters then offer "all" only; the charts below still load and say what went wrong.
  }
}

function* loadData(): SagaIterator {
  const filters: StatisticsFilters = yield select(selectFilters);
  try {
    const [approvalLevels, attendances, userActivity, rejections, followUps]: [
      Results<ApprovalLevelRow>,
      ApiResponse<AttendancesPerMonth>,
      Results<UserActivityRow>,
      Results<RejectionCountRow>,
      Results<FollowUpRow>,
    ] = yield all([
      call(callApi, getStatisticJson('approvalLevels', filters)),
      call(callApi, getAttendancesPerMonth(filters)),
      call(callApi, getStatisticJson('userActivity', filters)),
      call(callApi, getStatisticJson('rejections', filters)),
      call(callApi, getStatisticJson('followUps', filters)),
    ]);
    yield put(
      statisticsActions.dataLoaded({
        approvalLevels: approvalLevels.data.results,
        attendances: attendances.data,
        userActivity: userActivity.data.results,
        rejections: rejections.data.results,
        followUps: followUps.data.results,
      }),
    );
  } catch (error) {
    yield put(statisticsActions.dataFailed(toErrorState(error)));
  }
}

function* openPage(): SagaIterator {
  yield all([call(loadChoices), call(loadData)]);
}

function* download(action: ReturnType<typeof statisticsActions.downloadRequested>): SagaIterator {
  const kind = action.payload;
  const filters: StatisticsFilters = yield select(selectFilters);
  try {
    const { data }: ApiResponse<Blob> = yield call(callApi, getStatisticFile(kind, filters));
    yield call(saveBlob, data, DOWNLOAD_NAMES[kind]);
    yield put(statisticsActions.downloadDone(kind));
  } catch (error) {
    yield put(statisticsActions.downloadFailed({ kind, error: toErrorState(error) }));
  }
}

function* clear(): SagaIterator {
  yield put(statisticsActions.signedOut());
}

export function* statisticsSaga(): SagaIterator {
  yield takeLatest(statisticsActions.pageOpened.type, openPage);
  yield takeLatest(statisticsActions.filtersApplied.type, loadData);
  yield takeEvery(statisticsActions.downloadRequested.type, download);
  yield takeEvery(SIGNED_OUT, clear);
}
