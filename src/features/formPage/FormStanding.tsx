// Where the form stands, in the page's title row: its state and each approval level the registry
// requires, done (by whom, when) or not; after an approval or a rejection, the monitor's next form
// to approve. Kept to one or two lines so the clinical data starts high on the page.
import { forwardRef, type ReactElement } from 'react';
import { Anchor, Group, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ClinicalForm } from '../../api/forms';
import { FormStateBadge } from '../forms/FormStateBadge';
import type { NextForm } from './formPage.types';
import { useFormatter } from '../../i18n/useFormatter';
import { messages } from './messages';
import { standingMessages as m } from './standingMessages';
import styles from './formPage.module.css';

interface FormStandingProps {
  formId: string;
  form: ClinicalForm | null;
  next: NextForm;
}

function ApprovalLevels({ form }: { form: ClinicalForm }): ReactElement | null {
  const intl = useIntl();
  const format = useFormatter();
  const of = form.requiredLevels;
  if (!of || form.state === 'draft') return null;
  const levels = Array.from({ length: of }, (_, i) => i + 1);
  return (
    <ul className={styles.levels} aria-label={intl.formatMessage(m.levels)}>
      {levels.map((level) => {
        const approval = form.approvals.find((a) => a.level === level);
        return (
          <li key={level} data-approved={approval ? 'true' : 'false'}>
            <span aria-hidden="true">{approval ? '✔ ' : '○ '}</span>
            {approval
              ? intl.formatMessage(m.levelDone, { level, of, user: approval.userName, time: format.dateTime(approval.at) })
              : intl.formatMessage(m.levelOpen, { level, of })}
          </li>
        );
      })}
    </ul>
  );
}

function NextFormOffer({ next }: { next: NextForm }): ReactElement | null {
  const intl = useIntl();
  if (next.status === 'idle') return null;
  if (next.status === 'loading') return <Text size="sm" c="dimmed">{intl.formatMessage(m.nextLoading)}</Text>;
  if (!next.form) return <Text size="sm">{intl.formatMessage(m.noNextForm)}</Text>;
  return (
    <Anchor component={Link} to={`/forms/${encodeURIComponent(next.form.id)}`} fw={600} data-focus-key="next-form">
      {intl.formatMessage(m.nextForm, { id: next.form.displayId, patient: next.form.patient })}
    </Anchor>
  );
}

/** Focusable (tabIndex -1): where focus goes when the control the user was on is gone after an action. */
export const FormStanding = forwardRef<HTMLDivElement, FormStandingProps>(function FormStanding({ formId, form, next }, ref): ReactElement {
  const intl = useIntl();
  return (
    <div ref={ref} tabIndex={-1} className={styles.standing}>
      <Group gap="sm" wrap="wrap">
        <Title order={1} size="h3">
          {intl.formatMessage(messages.title, { id: form?.displayId ?? formId })}
        </Title>
        {form && <FormStateBadge state={form.state} />}
        {form && !form.censored && <ApprovalLevels form={form} />}
      </Group>
      <NextFormOffer next={next} />
    </div>
  );
});
