// The lineage of a sample as a tree: from its eldest ancestor down through every derived sample,
// built from the patient's samples (each names its ancestor); the open sample is marked.
import type { ReactElement } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { BioSample } from '../../api/bioSamples';
import type { BiobankScope } from './biobank.slice';
import { messages } from './messages';
import { samplePath } from './sampleText';
import classes from './biobank.module.css';

/** The eldest ancestor of `sample` among `family` (a missing link ends the climb). */
export function lineageRoot(sample: BioSample, family: readonly BioSample[]): BioSample {
  const byId = new Map(family.map((s) => [s.id, s]));
  let root = sample;
  const seen = new Set<string>([root.id]);
  while (root.ancestorSample && byId.has(root.ancestorSample.id) && !seen.has(root.ancestorSample.id)) {
    root = byId.get(root.ancestorSample.id) as BioSample;
    seen.add(root.id);
  }
  return root;
}

function Node({ sample, family, currentId, scope }: { sample: BioSample; family: readonly BioSample[]; currentId: string; scope: BiobankScope }): ReactElement {
  const intl = useIntl();
  const children = family.filter((s) => s.ancestorSample?.id === sample.id);
  return (
    <li>
      {sample.id === currentId ? (
        <Text span fw={700} aria-current="true">
          {sample.sampleNumber} · {sample.bioSampleType.name} {intl.formatMessage(messages.currentSample)}
        </Text>
      ) : (
        <Anchor component={Link} to={samplePath(scope, sample.id)}>
          {sample.sampleNumber} · {sample.bioSampleType.name}
        </Anchor>
      )}
      {children.length > 0 && (
        <ul role="group" className={classes.tree}>
          {children.map((child) => (
            <Node key={child.id} sample={child} family={family} currentId={currentId} scope={scope} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function LineageTree({ sample, family, scope }: { sample: BioSample; family: readonly BioSample[]; scope: BiobankScope }): ReactElement {
  const intl = useIntl();
  const all = family.some((s) => s.id === sample.id) ? family : [...family, sample];
  return (
    <ul aria-label={intl.formatMessage(messages.lineageLabel)} className={classes.tree}>
      <Node sample={lineageRoot(sample, all)} family={all} currentId={sample.id} scope={scope} />
    </ul>
  );
}
