import { useState, type ReactElement } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { useUnsavedChangesGuard } from '../../../src/common/unsavedChanges';
import { Providers, type Locale } from './renderCommon';

const PROMPT_EN = 'Are you sure? If you leave this page, all unsaved progress will be lost.';
const PROMPT_HU = 'Biztos benne? Ha továbblép, minden nem mentett adat elvész!';

function FormPage({ initiallyDirty }: { initiallyDirty: boolean }): ReactElement {
  const [dirty, setDirty] = useState(initiallyDirty);
  const prompt = useUnsavedChangesGuard(dirty);
  return (
    <main>
      <h1>Patient form</h1>
      <button type="button" onClick={() => setDirty(false)}>
        Save
      </button>
      <Link to="/patients">Patients</Link>
      <Link to="/form#section-2">Section 2</Link>
      {prompt}
    </main>
  );
}

// useBlocker needs a data router, exactly as the application has to provide.
function renderForm(initiallyDirty: boolean, locale: Locale = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <FormPage initiallyDirty={initiallyDirty} /> },
      { path: '/patients', element: <h1>Patient list</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <Providers locale={locale}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function fireBeforeUnload(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('useUnsavedChangesGuard', () => {
  it('holds navigation while dirty: cancel stays on the form', async () => {
    const user = userEvent.setup();
    const router = renderForm(true);
    await user.click(screen.getByRole('link', { name: 'Patients' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(PROMPT_EN);
    expect(router.state.location.pathname).toBe('/form');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Patient form' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/form');
  });

  it('leaves when the user confirms', async () => {
    const user = userEvent.setup();
    const router = renderForm(true);
    await user.click(screen.getByRole('link', { name: 'Patients' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('heading', { name: 'Patient list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patients');
  });

  it('asks in Hungarian with Hungarian answers', async () => {
    const user = userEvent.setup();
    renderForm(true, 'hu');
    await user.click(screen.getByRole('link', { name: 'Patients' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(PROMPT_HU);
    await user.click(within(dialog).getByRole('button', { name: 'Mégse' }));
    expect(screen.getByRole('heading', { name: 'Patient form' })).toBeInTheDocument();
  });

  it('also holds the browser back button', async () => {
    const router = createMemoryRouter(
      [
        { path: '/patients', element: <h1>Patient list</h1> },
        { path: '/form', element: <FormPage initiallyDirty /> },
      ],
      { initialEntries: ['/patients', '/form'], initialIndex: 1 },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await act(async () => {
      await router.navigate(-1);
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent(PROMPT_EN);
    expect(router.state.location.pathname).toBe('/form');
  });

  it('does not block when clean, nor for a hash change within the page', async () => {
    const user = userEvent.setup();
    const router = renderForm(true);
    await user.click(screen.getByRole('link', { name: 'Section 2' }));
    expect(router.state.location.hash).toBe('#section-2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Patients' }));
    expect(await screen.findByRole('heading', { name: 'Patient list' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('registers beforeunload only while dirty', async () => {
    const user = userEvent.setup();
    renderForm(true);
    expect(fireBeforeUnload().defaultPrevented).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fireBeforeUnload().defaultPrevented).toBe(false);
  });

  it('leaves tab closing alone on a clean form', () => {
    renderForm(false);
    expect(fireBeforeUnload().defaultPrevented).toBe(false);
  });
});
