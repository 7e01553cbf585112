// The benchmark page: a generated descriptor of ?n= fields, every section rendered on one page.
// window.__bench.mount is the time from render start to the first painted frame of the form.
import '@mantine/core/styles.css';
import { useEffect, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { IntlProvider } from 'react-intl';
import { loadDescriptorOrThrow } from '../../src/domain/forms';
import { FormEngine } from '../../src/formEngine';
import en from '../../translations/en.json';
import { generateDescriptor, generateValues } from './generate';

declare global {
  interface Window {
    __bench?: { mount: number };
  }
}

const n = Number(new URLSearchParams(window.location.search).get('n') ?? '2000');
const descriptor = loadDescriptorOrThrow(generateDescriptor(n));
const values = generateValues(n);
const permissions = { view: true, edit: true, inspect: true, fix: true };
const container = document.getElementById('root') as HTMLElement;
let start = 0;

function Bench(): ReactElement {
  useEffect(() => {
    // Committed; the frame after the next animation frame callback is the painted form.
    requestAnimationFrame(() => setTimeout(() => (window.__bench = { mount: performance.now() - start }), 0));
  }, []);
  return (
    <IntlProvider locale="en" messages={en} defaultLocale="hu">
      <MantineProvider>
        <FormEngine descriptor={descriptor} values={values} permissions={permissions} viewType="new" allSections leavePrompt={false} />
      </MantineProvider>
    </IntlProvider>
  );
}

start = performance.now();
createRoot(container).render(<Bench />);
