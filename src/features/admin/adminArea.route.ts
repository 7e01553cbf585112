// The administration area's chunk: every administration screen and its feature.
import type { Feature } from '../../app/feature';
import { accessListsFeature } from '../accessLists/accessLists.feature';
import { applicationLogFeature } from '../applicationLog/applicationLog.feature';
import { formTypesFeature } from '../formTypes/formTypes.feature';
import { groupsFeature } from '../groups/groups.feature';
import { institutesFeature } from '../institutes/institutes.feature';
import { mailingListFeature } from '../mailingList/mailingList.feature';
import { usersFeature } from '../users/users.feature';
import { adminDashboardFeature } from './adminDashboard.feature';

export { AdminArea as Component } from './AdminArea';
export const features: readonly Feature[] = [adminDashboardFeature, usersFeature, groupsFeature, institutesFeature, applicationLogFeature, mailingListFeature, accessListsFeature, formTypesFeature];
