// Section navigation: a list of buttons (the current one marked aria-current) plus previous/next.
import type { ReactElement } from 'react';
import { Button, Group, NavLink } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FormDescriptor } from '../domain/forms';
import { messages } from './messages';

/** Spec §4: the current section stays within 0..count-1. */
export function clampSection(section: number, count: number): number {
  if (count <= 0 || !Number.isFinite(section)) return 0;
  return Math.min(Math.max(Math.trunc(section), 0), count - 1);
}

export function sectionLabel(descriptor: FormDescriptor, index: number): string {
  const section = descriptor.sections[index];
  return section ? (descriptor.labels[section.label ?? section.id] ?? section.id) : '';
}

export function SectionNav({ descriptor, current, onSelect }: { descriptor: FormDescriptor; current: number; onSelect: (index: number) => void }): ReactElement {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(messages.sections)}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {descriptor.sections.map((section, i) => (
          <li key={section.id}>
            <NavLink
              component="button"
              type="button"
              label={sectionLabel(descriptor, i)}
              active={i === current}
              aria-current={i === current ? 'step' : undefined}
              onClick={() => onSelect(i)}
            />
          </li>
        ))}
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
