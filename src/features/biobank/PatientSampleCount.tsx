// A patient's bio sample count in the patient list: a link to the patient's samples when there are any.
import type { ReactElement } from 'react';
import { Anchor } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { messages } from './messages';

export function PatientSampleCount({ patientId, count }: { patientId: string; count: number }): ReactElement {
  const intl = useIntl();
  const text = intl.formatMessage(messages.patientSamplesLink, { count });
  if (count === 0) return <>{text}</>;
  return (
    <Anchor component={Link} to={`/patients/${encodeURIComponent(patientId)}/bio-samples`}>
      {text}
    </Anchor>
  );
}
