import {
  canStartFix,
  changeRejectionReason,
  endFix,
  fieldDisplayModes,
  fieldRenderMode,
  formReviewFlags,
  isCorrected,
  isLockedFor,
  rejectField,
  reviewState,
  revokeRejection,
  setCorrectNote,
  startFix,
  RENDER_MODES,
  VIEW_TYPES,
  type FieldPermissions,
  type FieldRenderState,
  type FieldReview,
  type FieldReviewMap,
  type RenderMode,
  type ViewType,
} from '../../../src/domain/forms';

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

describe('rejecting, revoking, changing the reason', () => {
  const rejected = ok(rejectField({}, 'esr', ' ESR above the lab range? ', 140, { rejectedBy: 'u-monitor' })).reviews;

  test('a rejection stores the trimmed reason and the value seen', () => {
    expect(rejected).toEqual({ esr: { reason: 'ESR above the lab range?', rejectedValue: 140, rejectedBy: 'u-monitor' } });
  });
  test('a reason is required', () => {
    expect(rejectField({}, 'esr', '  ', 140)).toEqual({ ok: false, key: 'review.reasonRequired', path: 'esr', context: {} });
    expect(changeRejectionReason(rejected, 'esr', '')).toMatchObject({ ok: false, key: 'review.reasonRequired' });
  });
  test('the stored value is a copy', () => {
    const value = ['a'];
    const reviews = ok(rejectField({}, 'list', 'why', value)).reviews;
    value.push('b');
    expect(reviews.list.rejectedValue).toEqual(['a']);
  });
  test('revoking removes only that rejection', () => {
    const two = ok(rejectField(rejected, 'tjc', 'count?', 3)).reviews;
    expect(Object.keys(ok(revokeRejection(two, 'esr')).reviews)).toEqual(['tjc']);
    expect(revokeRejection(two, 'crp')).toMatchObject({ ok: false, key: 'review.notRejected', path: 'crp' });
  });
  test('changing the reason keeps the rejected value', () => {
    expect(ok(changeRejectionReason(rejected, 'esr', 'Unit mm/h?')).reviews.esr).toMatchObject({ reason: 'Unit mm/h?', rejectedValue: 140 });
    expect(changeRejectionReason(rejected, 'crp', 'x')).toMatchObject({ ok: false, key: 'review.notRejected' });
  });
  test('the original map is never changed', () => {
    ok(revokeRejection(rejected, 'esr'));
    expect(rejected.esr).toBeDefined();
  });
});

describe('correction', () => {
  const review: FieldReview = { reason: 'check', rejectedValue: 140 };
  test.each<[string, FieldReview, unknown, boolean]>([
    ['value unchanged', review, 140, false],
    ['value changed', review, 14, true],
    ['value emptied', review, '', true],
    ['empty rejected, still empty', { reason: 'missing', rejectedValue: null }, '', false],
    ['empty rejected, filled', { reason: 'missing', rejectedValue: undefined }, 3, true],
    ['unchanged with a note', { ...review, correctNote: 'Lab confirmed 140' }, 140, true],
    ['blank note does not count', { ...review, correctNote: '  ' }, 140, false],
    ['list unchanged', { reason: 'x', rejectedValue: ['a', 'b'] }, ['a', 'b'], false],
    ['list changed', { reason: 'x', rejectedValue: ['a', 'b'] }, ['a'], true],
  ])('%s', (_name, r, value, corrected) => {
    expect(isCorrected(r, value as never)).toBe(corrected);
    expect(reviewState(r, value as never)).toBe(corrected ? 'corrected' : 'rejected');
  });

  test('no review is state none', () => expect(reviewState(undefined, 1)).toBe('none'));

  test('setCorrectNote writes, trims and clears the note; only on rejected fields', () => {
    const reviews: FieldReviewMap = { esr: review };
    const noted = ok(setCorrectNote(reviews, 'esr', ' confirmed ')).reviews;
    expect(noted.esr.correctNote).toBe('confirmed');
    expect('correctNote' in ok(setCorrectNote(noted, 'esr', ' ')).reviews.esr).toBe(false);
    expect(setCorrectNote(reviews, 'crp', 'x')).toMatchObject({ ok: false, key: 'review.notRejected' });
  });

  test.each<[string, FieldReviewMap, Record<string, unknown>, boolean, boolean, boolean]>([
    ['nothing rejected', {}, { esr: 140 }, false, false, false],
    ['rejected, not corrected', { esr: review }, { esr: 140 }, true, true, false],
    ['rejected and corrected', { esr: review }, { esr: 40 }, true, false, false],
    ['one of two corrected', { esr: review, 'meds[1].dose': { reason: 'x', rejectedValue: 5 } }, { esr: 40, meds: [{}, { dose: 5 }] }, true, true, false],
    ['entry field corrected', { 'meds[1].dose': { reason: 'x', rejectedValue: 5 } }, { meds: [{}, { dose: 7 }] }, true, false, false],
    ['with an error', {}, {}, false, false, true],
  ])('form flags: %s', (_name, reviews, values, rejected, notCorrected, errors) => {
    const issues = errors ? [{ path: 'x', key: 'any.required', context: {}, severity: 'error' as const }] : [{ path: 'x', key: 'number.max', context: {}, severity: 'warning' as const }];
    expect(formReviewFlags(reviews, values as never, issues)).toEqual({
      hasRejectedFields: rejected,
      hasRejectedNotCorrectedFields: notCorrected,
      hasErrors: errors,
    });
  });
});

describe('fix locks', () => {
  test('one user at a time; taking one\'s own lock again is a no-op', () => {
    const locks = ok(startFix({}, 'esr', 'u1', '2024-06-15T10:00:00Z')).locks;
    expect(locks).toEqual({ esr: { userId: 'u1', since: '2024-06-15T10:00:00Z' } });
    expect(ok(startFix(locks, 'esr', 'u1')).locks).toBe(locks);
    expect(startFix(locks, 'esr', 'u2')).toEqual({ ok: false, key: 'review.locked', path: 'esr', context: { userId: 'u1' } });
    expect(isLockedFor(locks, 'esr', 'u2')).toBe(true);
    expect(isLockedFor(locks, 'esr', 'u1')).toBe(false);
    expect(isLockedFor(locks, 'crp', 'u2')).toBe(false);
  });
  test('only the holder releases', () => {
    const locks = ok(startFix({}, 'esr', 'u1')).locks;
    expect(endFix(locks, 'esr', 'u2')).toMatchObject({ ok: false, key: 'review.notLocked' });
    expect(ok(endFix(locks, 'esr', 'u1')).locks).toEqual({});
  });
});

describe('fieldRenderMode', () => {
  const all: FieldPermissions = { view: true, edit: true, inspect: true, fix: true };
  const viewer: FieldPermissions = { view: true, edit: false, inspect: false, fix: false };
  const editor: FieldPermissions = { view: true, edit: true, inspect: false, fix: false };
  const monitor: FieldPermissions = { view: true, edit: false, inspect: true, fix: false };
  const none: FieldPermissions = { view: false, edit: true, inspect: true, fix: true };
  const review: FieldReview = { reason: 'r', rejectedValue: 1 };
  const me = { userId: 'u1' };
  const fixing: FieldRenderState = { ...me, lockedBy: 'u1' };
  const lockedByOther: FieldRenderState = { ...me, lockedBy: 'u2' };

  test.each<[ViewType, FieldRenderState, FieldPermissions, RenderMode]>([
    ['read', me, all, 'read'],
    ['read', me, none, 'censored'],
    ['read', fixing, all, 'fix'],
    ['read', fixing, viewer, 'read'],
    ['read', { ...fixing, readOnly: true }, all, 'read'],
    ['new', me, editor, 'new'],
    ['new', me, viewer, 'read'],
    ['new', { ...me, readOnly: true }, editor, 'read'],
    ['new', me, none, 'censored'],
    ['edit', me, editor, 'edit'],
    ['edit', me, monitor, 'read'],
    ['edit', lockedByOther, editor, 'read'],
    ['inspect', me, monitor, 'inspect'],
    ['inspect', { ...me, readOnly: true }, monitor, 'inspect'],
    ['inspect', { ...me, review }, monitor, 'inspect_reject'],
    // The previous round's rejection, answered: the field may be rejected afresh.
    ['inspect', { ...me, review, corrected: true }, monitor, 'inspect'],
    ['inspect', me, editor, 'read'],
    ['inspect', { ...me, review }, editor, 'read'],
    ['inspect', fixing, all, 'inspect_fix'],
    ['inspect', { ...fixing, review }, all, 'inspect_fix'],
    ['inspect', lockedByOther, all, 'read'],
    ['inspect', me, none, 'censored'],
    ['correct', { ...me, review }, editor, 'correct'],
    ['correct', { ...me, review, readOnly: true }, editor, 'correct'],
    ['correct', { ...me, review }, monitor, 'read'],
    ['correct', me, editor, 'read'],
    ['correct', fixing, all, 'correct_fix'],
    ['correct', { ...lockedByOther, review }, all, 'read'],
    ['correct', { ...me, review }, none, 'censored'],
  ])('%s view, %j, %j -> %s', (view, state, permissions, mode) => {
    expect(fieldRenderMode(view, state, permissions)).toBe(mode);
  });

  test('every render mode is reachable', () => {
    const reached = new Set<RenderMode>();
    for (const view of Object.values(VIEW_TYPES)) {
      for (const state of [me, fixing, { ...me, review }]) {
        for (const permissions of [all, none, viewer, monitor]) reached.add(fieldRenderMode(view, state, permissions));
      }
    }
    expect([...reached].sort()).toEqual(Object.values(RENDER_MODES).sort());
  });

  test.each<[ViewType, FieldPermissions, boolean, boolean]>([
    ['read', all, false, true],
    ['inspect', all, false, true],
    ['correct', all, false, true],
    ['edit', all, false, false],
    ['new', all, false, false],
    ['inspect', monitor, false, false],
    ['inspect', all, true, false],
  ])('canStartFix(%s, %j, readOnly %j) is %j', (view, permissions, readOnly, expected) => {
    expect(canStartFix(view, permissions, readOnly)).toBe(expected);
  });
});

describe('fieldDisplayModes', () => {
  const review: FieldReview = { reason: 'r', rejectedValue: 1 };
  test.each<[string, { initialValue: unknown; value: unknown; review?: FieldReview }, string[]]>([
    ['untouched', { initialValue: 1, value: 1 }, []],
    ['empty to empty is not dirty', { initialValue: null, value: '' }, []],
    ['changed', { initialValue: 1, value: 2 }, ['dirty']],
    ['rejected', { initialValue: 1, value: 1, review }, ['rejected']],
    ['corrected and dirty', { initialValue: 1, value: 2, review }, ['dirty', 'corrected']],
    ['corrected by note', { initialValue: 1, value: 1, review: { ...review, correctNote: 'ok' } }, ['corrected']],
  ])('%s', (_name, state, modes) => {
    expect(fieldDisplayModes(state as never)).toEqual(modes);
  });
});
