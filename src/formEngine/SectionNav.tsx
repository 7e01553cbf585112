// Section navigation: a list of buttons (the current one marked aria-current) plus previous/next.
// Each section tells how many of its fields are rejected, corrected and in error, so an
// investigator sees where the work is without opening every section.
import type { ReactElement } from 'react';
import { Button, Group, NavLink } from '@mantine/core';
import { useIntl, type IntlShape } from 'react-intl';
import type { FormDescriptor } from '../domain/forms';
import { FORM_KEY, type EngineStore } from './engineStore';
import { useChannel } from './EngineContext';
import { guideMessages } from './guideMessages';
import { messages } from './messages';
import { sectionTallies, type SectionTally } from './reviewGuide';

/** Spec §4: the current section stays within 0..count-1. */
export function clampSection(section: number, count: number): number {
  if (count <= 0 || !Number.isFinite(section)) return 0;
  return Math.min(Math.max(Math.trunc(section), 0), count - 1);
}

export function sectionLabel(descriptor: FormDescriptor, index: number): string {
  const section = descriptor.sections[index];
  return section ? (descriptor.labels[section.label ?? section.id] ?? section.id) : '';
}

function tallyText(intl: IntlShape, tally: SectionTally | undefined): string | undefined {
  if (!tally) return undefined;
  const parts = [
    tally.rejected > 0 ? intl.formatMessage(guideMessages.sectionRejected, { count: tally.rejected }) : '',
    tally.corrected > 0 ? intl.formatMessage(guideMessages.sectionCorrected, { count: tally.corrected }) : '',
    tally.errors > 0 ? intl.formatMessage(guideMessages.sectionErrors, { count: tally.errors }) : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

interface SectionNavProps {
  store: EngineStore;
  current: number;
  onSelect: (index: number) => void;
}

export function SectionNav({ store, current, onSelect }: SectionNavProps): ReactElement {
  const intl = useIntl();
  // Reviews and issues are form-level facts: their channel is bumped when they change, not per key.
  useChannel(store, FORM_KEY);
  const { descriptor } = store;
  const tallies = sectionTallies(descriptor, store.reviews(), (path) => store.getValue(path), store.allIssues());
  return (
    <nav aria-label={intl.formatMessage(messages.sections)}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {descriptor.sections.map((section, i) => {
          // The counts describe the button rather than name it: the section's name stays its label.
          const counts = tallyText(intl, tallies[i]);
          const countsId = `fe-section-counts-${i}`;
          return (
            <li key={section.id}>
              <NavLink
                component="button"
                type="button"
                label={sectionLabel(descriptor, i)}
                // The body's text colour: Mantine's dimmed description on the active item's tint is below 4.5:1.
                description={counts && <span id={countsId} aria-hidden="true" style={{ color: 'var(--mantine-color-text)' }}>{counts}</span>}
                aria-describedby={counts ? countsId : undefined}
                active={i === current}
                aria-current={i === current ? 'step' : undefined}
                onClick={() => onSelect(i)}
              />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function SectionSteps({ current, count, onSelect }: { current: number; count: number; onSelect: (index: number) => void }): ReactElement {
  const intl = useIntl();
  return (
    <Group justify="space-between" my="sm">
      <Button variant="default" disabled={current <= 0} onClick={() => onSelect(current - 1)}>
        {intl.formatMessage(messages.previousSection)}
      </Button>
      <Button variant="default" disabled={current >= count - 1} onClick={() => onSelect(current + 1)}>
        {intl.formatMessage(messages.nextSection)}
      </Button>
    </Group>
  );
}
