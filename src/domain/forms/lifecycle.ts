// The form lifecycle (business spec §4): which operation may move a form from which state, with
// which permission code, and where it lands. One table, used by the server to authorize and apply
// a transition and by the client to offer only the buttons that can work. docs/form-lifecycle.md
// explains it in prose.

import { APPROVAL_LEVELS, IMPLICIT_VARIANT, type ApprovalLevel, type PermissionCode } from '../permissions/codes';

export { APPROVAL_LEVELS, type ApprovalLevel };

export const FORM_STATES = ['draft', 'await_inspect', 'rejected', 'correct_draft', 'corrected', 'final'] as const;
export type FormState = (typeof FORM_STATES)[number];

export const FORM_OPERATIONS = [
  'create',
  'update',
  'approve',
  'reject',
  'correct_draft',
  'correct_finalized',
  'approval_reset',
  'system_update',
  'delete',
  'destroy',
  'fix',
] as const;
export type FormOperation = (typeof FORM_OPERATIONS)[number];

/** Levels a registry asks for before a form is final, when it says nothing else. */
export const DEFAULT_REQUIRED_APPROVAL_LEVELS: ApprovalLevel = 2;

/** What the lifecycle needs to know of a form; `approvals` are the approved levels, in order. */
export interface FormStatus {
  state: FormState;
  approvals: ApprovalLevel[];
}

export interface TransitionRequest {
  operation: FormOperation;
  /** approve and reject: the monitor's level. */
  level?: number;
  /** create and update: hand in for approval (true) or keep as a draft (false). */
  submit?: boolean;
}

export interface TransitionContext {
  /** Approval levels the registry requires before final (1 to 4). */
  requiredLevels: number;
  /** Whether the user holds a permission code on this form (the caller resolves implicit codes). */
  can: (code: string) => boolean;
  /** correct_finalized: every rejected field is corrected (changed value or a correct note). */
  allRejectionsCorrected?: boolean;
  /** approve: what the record says about this user and the form (four eyes); absent, nothing is held against them. */
  fourEyes?: FourEyesFacts;
}

/** Four eyes (docs/form-lifecycle.md): the levels this user approved in the current round, and
 *  whether they entered, corrected or fixed values of the form in the current round. */
export interface FourEyesFacts {
  approvedLevels: readonly number[];
  wroteValues: boolean;
}

export type FourEyesReason = 'approved_level' | 'wrote_values';

export type TransitionRefusal =
  | { ok: false; reason: 'illegal_transition'; state: FormState | null; operation: FormOperation }
  | { ok: false; reason: 'forbidden'; code: string }
  | { ok: false; reason: 'level_out_of_order'; expected: number }
  | { ok: false; reason: 'not_corrected' }
  | { ok: false; reason: 'four_eyes'; why: FourEyesReason; level?: number };

export type TransitionResult = { ok: true; next: FormStatus | null; code: string } | TransitionRefusal;

interface Rule {
  /** States the operation starts from; null is "no form yet" (create). */
  from: readonly (FormState | null)[];
  /** The permission code; a function for the level-bound ones. */
  code: (level: number) => string;
}

export const SYSTEM_CODE = 'system';

/** The table. Landing states depend on the request and are worked out in `nextStatus`. */
export const TRANSITIONS: Readonly<Record<FormOperation, Rule>> = {
  create: { from: [null], code: () => 'frm_create' },
  update: { from: ['draft'], code: () => 'frm_edit' },
  approve: { from: ['await_inspect', 'corrected'], code: (level) => `frm_approve_${level}` },
  reject: { from: ['await_inspect', 'corrected'], code: (level) => `frm_approve_${level}` },
  correct_draft: { from: ['rejected', 'correct_draft'], code: () => 'frm_edit' },
  correct_finalized: { from: ['rejected', 'correct_draft'], code: () => 'frm_edit' },
  approval_reset: { from: ['await_inspect', 'rejected', 'correct_draft', 'corrected', 'final'], code: () => 'frm_reset_approval' },
  system_update: { from: FORM_STATES, code: () => SYSTEM_CODE },
  delete: { from: ['draft'], code: () => 'frm_delete' },
  destroy: { from: FORM_STATES, code: () => 'frm_destroy' },
  // A monitor's direct change of a handed-in value (docs/form-lifecycle.md "Fixing"): whoever holds
  // an approval code of any level the registry requires; the state and approvals stay as they are.
  fix: { from: ['await_inspect', 'rejected', 'corrected', 'final'], code: (level) => `frm_approve_${level}` },
};

/** The implicit variant of a code (spec §6): granted on the user's own forms only. */
export function implicitVariant(code: string): string | undefined {
  return IMPLICIT_VARIANT[code as PermissionCode];
}

function isLevel(value: number | undefined): value is ApprovalLevel {
  return value !== undefined && (APPROVAL_LEVELS as readonly number[]).includes(value);
}

function nextStatus(status: FormStatus | null, request: TransitionRequest, requiredLevels: number): FormStatus | null {
  switch (request.operation) {
    case 'create':
    case 'update':
      return { state: request.submit ? 'await_inspect' : 'draft', approvals: [] };
    case 'approve': {
      const approvals = [...(status?.approvals ?? []), request.level as ApprovalLevel];
      return { state: approvals.length >= requiredLevels ? 'final' : 'await_inspect', approvals };
    }
    // A correction changes data that earlier levels approved, so approval starts again at level 1.
    case 'reject':
      return { state: 'rejected', approvals: [] };
    case 'correct_draft':
      return { state: 'correct_draft', approvals: [] };
    case 'correct_finalized':
      return { state: 'corrected', approvals: [] };
    case 'approval_reset':
      return { state: 'draft', approvals: [] };
    case 'system_update':
    case 'fix':
      return status;
    case 'delete':
    case 'destroy':
      return null;
  }
}

/** The approval code of the lowest required level the user holds (fixing needs any one of them). */
function fixCode(context: TransitionContext, requiredLevels: number): string {
  const codes = APPROVAL_LEVELS.filter((level) => level <= requiredLevels).map((level) => TRANSITIONS.fix.code(level));
  return codes.find((code) => context.can(code)) ?? codes[0];
}

/** Nobody approves two levels of one form, nor a form whose values they wrote in this round. */
function fourEyesRefusal(facts: FourEyesFacts | undefined): TransitionRefusal | null {
  if (!facts) return null;
  if (facts.approvedLevels.length > 0) return { ok: false, reason: 'four_eyes', why: 'approved_level', level: facts.approvedLevels[0] };
  if (facts.wroteValues) return { ok: false, reason: 'four_eyes', why: 'wrote_values' };
  return null;
}

/**
 * Checks and plans one transition. Order of the checks: the state (409 for the caller), the level,
 * the permission (403), then the correction rule and four eyes (409).
 */
export function planTransition(status: FormStatus | null, request: TransitionRequest, context: TransitionContext): TransitionResult {
  const rule = TRANSITIONS[request.operation];
  if (!rule.from.includes(status?.state ?? null)) {
    return { ok: false, reason: 'illegal_transition', state: status?.state ?? null, operation: request.operation };
  }
  const levelBound = request.operation === 'approve' || request.operation === 'reject';
  const requiredLevels = Math.min(4, Math.max(1, Math.trunc(context.requiredLevels)));
  if (levelBound) {
    const expected = (status?.approvals.length ?? 0) + 1;
    const levelOk = isLevel(request.level) && request.level <= requiredLevels && (request.operation === 'reject' ? request.level <= expected : request.level === expected);
    if (!levelOk) return { ok: false, reason: 'level_out_of_order', expected };
  }
  const code = request.operation === 'fix' ? fixCode(context, requiredLevels) : rule.code(request.level ?? 0);
  if (code !== SYSTEM_CODE && !context.can(code)) return { ok: false, reason: 'forbidden', code };
  if (request.operation === 'correct_finalized' && !context.allRejectionsCorrected) return { ok: false, reason: 'not_corrected' };
  if (request.operation === 'approve') {
    const refusal = fourEyesRefusal(context.fourEyes);
    if (refusal) return refusal;
  }
  return { ok: true, next: nextStatus(status, request, requiredLevels), code };
}

/** The operations a user could start on a form now (for the buttons of the form page). */
export function availableOperations(status: FormStatus | null, context: TransitionContext): TransitionRequest[] {
  const candidates: TransitionRequest[] = [];
  for (const operation of FORM_OPERATIONS) {
    if (operation === 'system_update') continue;
    if (operation === 'approve' || operation === 'reject') {
      for (const level of APPROVAL_LEVELS) candidates.push({ operation, level });
    } else if (operation === 'create' || operation === 'update') {
      candidates.push({ operation, submit: false }, { operation, submit: true });
    } else {
      candidates.push({ operation });
    }
  }
  return candidates.filter((request) => {
    const result = planTransition(status, request, { ...context, allRejectionsCorrected: true });
    return result.ok;
  });
}
