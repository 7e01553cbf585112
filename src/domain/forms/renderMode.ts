// Which way a field renders (spec §4 field render modes) and how it is marked (display modes).
// The renderer asks per field; the answer depends only on the view, the field's review and lock
// state, and the user's permissions, so it is a pure table.
import { DISPLAY_MODES, RENDER_MODES, VIEW_TYPES, type DisplayMode, type RenderMode, type ViewType } from './constants';
import type { FieldReview } from './review';
import { isCorrected } from './review';
import type { FieldValue } from './types';
import { isSameValue } from './values';

export interface FieldPermissions {
  /** May see the value; otherwise the field is censored ('No permission to view'). */
  view: boolean;
  /** May enter and change data (new, edit, correct views). */
  edit: boolean;
  /** May approve and reject (inspect view). */
  inspect: boolean;
  /** May change a value directly outside the entry workflow (fix, inspect_fix, correct_fix). */
  fix: boolean;
}

export interface FieldRenderState {
  /** Calculated and static fields: nobody types into them. */
  readOnly?: boolean;
  /** The field's current rejection, if any. */
  review?: FieldReview;
  /** The rejection was answered (value changed or a correct note): in inspect view it is the
   *  previous round's, shown as corrected, and the monitor may reject the field afresh. */
  corrected?: boolean;
  /** Who holds the fix lock of this field, if anyone. */
  lockedBy?: string | null;
  /** The current user. */
  userId?: string;
}

/**
 * - censored without view permission; read while another user is fixing the field (locked);
 * - read view: read, or fix while this user holds the field's fix lock;
 * - new / edit: new / edit with edit permission on a writable field, else read;
 * - inspect: inspect_fix while fixing, inspect_reject for an open rejection, inspect to offer one
 *   (also on a field corrected in the previous round);
 * - correct: correct for a rejected field (value or note), correct_fix while fixing another field.
 */
export function fieldRenderMode(viewType: ViewType, state: FieldRenderState, permissions: FieldPermissions): RenderMode {
  if (!permissions.view) return RENDER_MODES.censored;
  const holder = state.lockedBy ?? null;
  if (holder !== null && holder !== state.userId) return RENDER_MODES.read;
  const fixing = holder !== null && permissions.fix && !state.readOnly;
  switch (viewType) {
    case VIEW_TYPES.read:
      return fixing ? RENDER_MODES.fix : RENDER_MODES.read;
    case VIEW_TYPES.new:
      return permissions.edit && !state.readOnly ? RENDER_MODES.new : RENDER_MODES.read;
    case VIEW_TYPES.edit:
      return permissions.edit && !state.readOnly ? RENDER_MODES.edit : RENDER_MODES.read;
    case VIEW_TYPES.inspect:
      if (fixing) return RENDER_MODES.inspectFix;
      if (state.review && !state.corrected) return permissions.inspect ? RENDER_MODES.inspectReject : RENDER_MODES.read;
      return permissions.inspect ? RENDER_MODES.inspect : RENDER_MODES.read;
    case VIEW_TYPES.correct:
      if (state.review) return permissions.edit ? RENDER_MODES.correct : RENDER_MODES.read;
      return fixing ? RENDER_MODES.correctFix : RENDER_MODES.read;
  }
}

/** Whether a user may take the fix lock of a field in this view. */
export function canStartFix(viewType: ViewType, permissions: FieldPermissions, readOnly = false): boolean {
  return permissions.view && permissions.fix && !readOnly && viewType !== VIEW_TYPES.new && viewType !== VIEW_TYPES.edit;
}

/** Marks shown next to a field; several may hold at once (a corrected field is also dirty). */
export function fieldDisplayModes(state: { initialValue: FieldValue; value: FieldValue; review?: FieldReview }): DisplayMode[] {
  const modes: DisplayMode[] = [];
  if (!isSameValue(state.initialValue, state.value)) modes.push(DISPLAY_MODES.dirty);
  if (state.review) modes.push(isCorrected(state.review, state.value) ? DISPLAY_MODES.corrected : DISPLAY_MODES.rejected);
  return modes;
}
