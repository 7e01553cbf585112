// Asks before leaving a form with unsaved work: changed values, corrections not yet sent (correct
// view) or review marks not yet saved (inspect view).
import type { ReactElement } from 'react';
import { isCorrected, type FieldReviewMap, type ViewType } from '../domain/forms';
import { UnsavedChangesGuard } from '../common/unsavedChanges';
import { FORM_KEY, type EngineStore } from './engineStore';
import { useChannel } from './EngineContext';

export function LeaveGuard({ store, viewType, baseline }: { store: EngineStore; viewType: ViewType; baseline: FieldReviewMap }): ReactElement {
  useChannel(store, FORM_KEY);
  const reviews = store.reviews();
  const needed =
    store.dirtyCount() > 0 ||
    (viewType === 'correct' && Object.keys(reviews).some((path) => isCorrected(reviews[path], store.getValue(path)))) ||
    (viewType === 'inspect' && reviews !== baseline);
  return <UnsavedChangesGuard isDirty={needed} />;
}
