// The React renderer of form descriptors (issue 4). The forms feature wires <FormEngine/> to the
// store and sagas through its props and callbacks.
export { FormEngine, markRelabelled } from './FormEngine';
export type { FormAction, FormEngineProps, FormFiles, FormPermissions, MaybePromise, ReviewAction, SubmitRequest } from './types';
export { FORM_ACTIONS } from './types';
export { clampSection } from './SectionNav';
export { LIVE_VALIDATION_THROTTLE_MS } from './engineStore';
export { openRejectionsInOrder } from './reviewGuide';
