// The form lifecycle table, exhaustively: every state × operation × permission, then the level
// rules of approval and rejection and the correction rule.
import {
  availableOperations,
  FORM_OPERATIONS,
  FORM_STATES,
  implicitVariant,
  planTransition,
  type FormOperation,
  type FormState,
  type FormStatus,
} from '../../../src/domain/forms/lifecycle';

const allowAll = { requiredLevels: 2, can: () => true, allRejectionsCorrected: true };
const denyAll = { requiredLevels: 2, can: () => false, allRejectionsCorrected: true };

// Where each operation lands from each state, written out by hand (null: the form is gone;
// '-': illegal). approve/reject use the next level, create/update hand in (submit: true).
const LANDING: Record<string, Record<FormOperation, FormState | null | '-'>> = {
  none: { create: 'await_inspect', update: '-', approve: '-', reject: '-', correct_draft: '-', correct_finalized: '-', approval_reset: '-', system_update: '-', delete: '-', destroy: '-', fix: '-' },
  draft: { create: '-', update: 'await_inspect', approve: '-', reject: '-', correct_draft: '-', correct_finalized: '-', approval_reset: '-', system_update: 'draft', delete: null, destroy: null, fix: '-' },
  await_inspect: { create: '-', update: '-', approve: 'await_inspect', reject: 'rejected', correct_draft: '-', correct_finalized: '-', approval_reset: 'draft', system_update: 'await_inspect', delete: '-', destroy: null, fix: 'await_inspect' },
  rejected: { create: '-', update: '-', approve: '-', reject: '-', correct_draft: 'correct_draft', correct_finalized: 'corrected', approval_reset: 'draft', system_update: 'rejected', delete: '-', destroy: null, fix: 'rejected' },
  correct_draft: { create: '-', update: '-', approve: '-', reject: '-', correct_draft: 'correct_draft', correct_finalized: 'corrected', approval_reset: 'draft', system_update: 'correct_draft', delete: '-', destroy: null, fix: '-' },
  corrected: { create: '-', update: '-', approve: 'await_inspect', reject: 'rejected', correct_draft: '-', correct_finalized: '-', approval_reset: 'draft', system_update: 'corrected', delete: '-', destroy: null, fix: 'corrected' },
  final: { create: '-', update: '-', approve: '-', reject: '-', correct_draft: '-', correct_finalized: '-', approval_reset: 'draft', system_update: 'final', delete: '-', destroy: null, fix: 'final' },
};

const cases = (['none', ...FORM_STATES] as const).flatMap((state) => FORM_OPERATIONS.map((operation) => [state, operation] as const));

describe.each(cases)('from %s, %s', (stateName, operation) => {
  const status: FormStatus | null = stateName === 'none' ? null : { state: stateName, approvals: [] };
  const request = { operation, level: 1, submit: true };
  const expected = LANDING[stateName][operation];

  test('with every permission', () => {
    const result = planTransition(status, request, allowAll);
    if (expected === '-') expect(result).toMatchObject({ ok: false, reason: 'illegal_transition' });
    else expect(result).toMatchObject({ ok: true, next: expected === null ? null : expect.objectContaining({ state: expected }) });
  });

  test('without permission', () => {
    const result = planTransition(status, request, denyAll);
    if (expected === '-') expect(result).toMatchObject({ ok: false, reason: 'illegal_transition' });
    else if (operation === 'system_update') expect(result.ok).toBe(true);
    else expect(result).toMatchObject({ ok: false, reason: 'forbidden' });
  });
});

test.each([
  ['create', undefined, 'frm_create'],
  ['update', undefined, 'frm_edit'],
  ['approve', 1, 'frm_approve_1'],
  ['reject', 1, 'frm_approve_1'],
  ['correct_draft', undefined, 'frm_edit'],
  ['approval_reset', undefined, 'frm_reset_approval'],
  ['delete', undefined, 'frm_delete'],
  ['destroy', undefined, 'frm_destroy'],
] as const)('%s needs %s', (operation, level, code) => {
  const from: Record<string, FormStatus | null> = {
    create: null,
    update: { state: 'draft', approvals: [] },
    approve: { state: 'await_inspect', approvals: [] },
    reject: { state: 'await_inspect', approvals: [] },
    correct_draft: { state: 'rejected', approvals: [] },
    approval_reset: { state: 'final', approvals: [1, 2] },
    delete: { state: 'draft', approvals: [] },
    destroy: { state: 'final', approvals: [1, 2] },
  };
  const asked: string[] = [];
  const result = planTransition(from[operation], { operation, level }, { requiredLevels: 2, can: (c) => (asked.push(c), false) });
  expect(result).toEqual({ ok: false, reason: 'forbidden', code });
  expect(asked).toEqual([code]);
});

test('a draft saved without submit stays a draft', () => {
  expect(planTransition({ state: 'draft', approvals: [] }, { operation: 'update', submit: false }, allowAll)).toMatchObject({ ok: true, next: { state: 'draft' } });
  expect(planTransition(null, { operation: 'create', submit: false }, allowAll)).toMatchObject({ ok: true, next: { state: 'draft' } });
});

describe.each([1, 2, 3, 4])('a registry requiring %i level(s)', (requiredLevels) => {
  test('approvals go level by level and the last one makes the form final', () => {
    let status: FormStatus = { state: 'await_inspect', approvals: [] };
    for (let level = 1; level <= requiredLevels; level += 1) {
      const result = planTransition(status, { operation: 'approve', level }, { ...allowAll, requiredLevels });
      if (!result.ok || !result.next) throw new Error(`level ${level} refused: ${JSON.stringify(result)}`);
      status = result.next;
      expect(status.state).toBe(level === requiredLevels ? 'final' : 'await_inspect');
      expect(status.approvals).toEqual(Array.from({ length: level }, (_, i) => i + 1));
    }
  });

  test('a level above the registry requirement is refused', () => {
    const result = planTransition({ state: 'await_inspect', approvals: [1, 2, 3].slice(0, requiredLevels) as FormStatus['approvals'] }, { operation: 'approve', level: requiredLevels + 1 }, { ...allowAll, requiredLevels });
    expect(result.ok).toBe(false);
  });
});

test.each([
  [[], 2, 'approve'],
  [[1], 1, 'approve'],
  [[1], 3, 'approve'],
  [[], 0, 'approve'],
  [[], 5, 'approve'],
  [[1], 3, 'reject'],
])('with approvals %j level %i cannot %s', (approvals, level, operation) => {
  const result = planTransition({ state: 'await_inspect', approvals: approvals as FormStatus['approvals'] }, { operation: operation as FormOperation, level }, { ...allowAll, requiredLevels: 4 });
  expect(result).toMatchObject({ ok: false, reason: 'level_out_of_order', expected: approvals.length + 1 });
});

test('a monitor at an approved level or the next one may reject; approvals start again after correction', () => {
  const status: FormStatus = { state: 'await_inspect', approvals: [1, 2] };
  for (const level of [1, 2, 3]) {
    expect(planTransition(status, { operation: 'reject', level }, { ...allowAll, requiredLevels: 4 })).toMatchObject({ ok: true, next: { state: 'rejected', approvals: [] } });
  }
});

test('a correction is finished only when every rejected field is corrected', () => {
  const status: FormStatus = { state: 'correct_draft', approvals: [] };
  expect(planTransition(status, { operation: 'correct_finalized' }, { ...allowAll, allRejectionsCorrected: false })).toEqual({ ok: false, reason: 'not_corrected' });
  expect(planTransition(status, { operation: 'correct_finalized' }, allowAll)).toMatchObject({ ok: true, next: { state: 'corrected' } });
});

test('approval reset returns to draft and deletes all approvals', () => {
  expect(planTransition({ state: 'final', approvals: [1, 2] }, { operation: 'approval_reset' }, allowAll)).toEqual({
    ok: true,
    next: { state: 'draft', approvals: [] },
    code: 'frm_reset_approval',
  });
});

test('the buttons offered follow the state and the codes held', () => {
  const monitor = { requiredLevels: 2, can: (code: string) => code === 'frm_approve_2' || code === 'frm_reset_approval' };
  expect(availableOperations({ state: 'await_inspect', approvals: [1] }, monitor)).toEqual([
    { operation: 'approve', level: 2 },
    { operation: 'reject', level: 2 },
    { operation: 'approval_reset' },
    { operation: 'fix' },
  ]);
  const investigator = { requiredLevels: 2, can: (code: string) => ['frm_create', 'frm_edit', 'frm_delete'].includes(code) };
  expect(availableOperations({ state: 'draft', approvals: [] }, investigator)).toEqual([
    { operation: 'update', submit: false },
    { operation: 'update', submit: true },
    { operation: 'delete' },
  ]);
  expect(availableOperations({ state: 'final', approvals: [1, 2] }, investigator)).toEqual([]);
});

test.each([
  ['frm_read', 'frm_impl_read'],
  ['frm_edit', 'frm_impl_edit'],
  ['frm_delete', 'frm_impl_delete'],
  ['frm_approve_3', 'frm_impl_approve_3'],
  ['frm_create', undefined],
  ['frm_destroy', undefined],
])('the implicit variant of %s is %s', (code, implicit) => {
  expect(implicitVariant(code)).toBe(implicit);
});

describe('fix and four eyes', () => {
  const handedIn: FormStatus = { state: 'await_inspect', approvals: [1] };

  test('fixing needs an approval code of a level the registry requires, and keeps state and approvals', () => {
    expect(planTransition(handedIn, { operation: 'fix' }, { requiredLevels: 2, can: (code) => code === 'frm_approve_2' })).toEqual({ ok: true, next: handedIn, code: 'frm_approve_2' });
    expect(planTransition(handedIn, { operation: 'fix' }, { requiredLevels: 2, can: (code) => code === 'frm_approve_3' })).toMatchObject({ ok: false, reason: 'forbidden' });
  });

  test('approve is refused to who approved another level or wrote values, and not offered to them', () => {
    const facts = (approvedLevels: number[], wroteValues: boolean) => ({ ...allowAll, fourEyes: { approvedLevels, wroteValues } });
    expect(planTransition(handedIn, { operation: 'approve', level: 2 }, facts([1], false))).toEqual({ ok: false, reason: 'four_eyes', why: 'approved_level', level: 1 });
    expect(planTransition(handedIn, { operation: 'approve', level: 2 }, facts([], true))).toEqual({ ok: false, reason: 'four_eyes', why: 'wrote_values' });
    expect(planTransition(handedIn, { operation: 'approve', level: 2 }, facts([], false))).toMatchObject({ ok: true });
    // Rejection stays open: it certifies nothing.
    expect(planTransition(handedIn, { operation: 'reject', level: 2 }, facts([1], true))).toMatchObject({ ok: true });
    const offered = availableOperations(handedIn, facts([1], false)).map((r) => r.operation);
    expect(offered).not.toContain('approve');
    expect(offered).toContain('reject');
  });
});
