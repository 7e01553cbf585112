// The words of every form page notice, in both languages: each action says what happened.
import { createIntl } from 'react-intl';
import { CATALOGUES } from '../../../src/i18n/catalogues';
import { noticeText } from '../../../src/features/formPage/formNotices';
import type { FormNotice } from '../../../src/features/formPage/formPage.types';

const intlOf = (locale: 'hu' | 'en') => createIntl({ locale, messages: CATALOGUES[locale], onError: (error) => { throw error; } });

const NOTICES: [FormNotice, string, string][] = [
  [{ kind: 'draftSaved' }, 'Draft saved', 'Piszkozat elmentve'],
  [{ kind: 'submitted' }, 'Form saved and handed in for approval', 'Az űrlap elmentve és jóváhagyásra beküldve'],
  [{ kind: 'approved', level: 1, of: 2 }, 'Approved at level 1 of 2', 'Jóváhagyva a(z) 1/2. szinten'],
  [{ kind: 'rejected', level: 2, fields: 3 }, 'Sent back for correction at level 2: 3 fields rejected', 'Javításra visszaküldve a(z) 2. szinten: 3 visszautasított mező'],
  [{ kind: 'correctionSaved' }, 'Correction saved as a draft', 'A javítás piszkozatként elmentve'],
  [{ kind: 'correctionFinished' }, 'Correction finished and handed in for approval', 'A javítás befejezve és jóváhagyásra beküldve'],
  [{ kind: 'deleted' }, 'Draft deleted', 'Piszkozat törölve'],
  [{ kind: 'destroyed' }, 'Form destroyed', 'Űrlap megsemmisítve'],
  [{ kind: 'approvalsReset' }, 'Approvals reset: the form is a draft again', 'Jóváhagyások visszavonva: az űrlap ismét piszkozat'],
  [{ kind: 'fixed' }, 'Fixed value saved', 'A javított érték elmentve'],
];

test.each(NOTICES)('%j reads "%s" and in Hungarian "%s"', (notice, en, hu) => {
  expect(noticeText(intlOf('en'), notice)).toBe(en);
  expect(noticeText(intlOf('hu'), notice)).toBe(hu);
});
