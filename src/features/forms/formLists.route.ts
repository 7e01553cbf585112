// The approvable and correctable form lists' chunk.
import { formListsFeature } from './formLists.feature';
import { ApprovableFormsPage, CorrectableFormsPage } from './FormListPage';

export const approvableRoute = { Component: ApprovableFormsPage, features: [formListsFeature] };
export const correctableRoute = { Component: CorrectableFormsPage, features: [formListsFeature] };
