// The screens of the application as one table for the journeys that walk them all (accessibility,
// message texts): which paths each role opens (ids of demo records looked up through the API with
// the page's own token), and the panes and menus that open from a button on them.
import type { Page } from 'playwright-core';

export type Lang = 'hu' | 'en';

/** The browser locale a journey's page takes for each language. */
export const LOCALES: Record<Lang, string> = { hu: 'hu-HU', en: 'en-US' };

/** Opens something on the screen (a pane, a menu) before axe runs; answers what it opened. */
export type Opener = (page: Page, lang: Lang) => Promise<void>;

export interface Screen {
  name: string;
  path: string;
  open?: Opener;
}

const LOGIN_TEXTS = {
  hu: { email: 'E-mail cím', password: 'Jelszó', submit: 'Belépés' },
  en: { email: 'E-mail address', password: 'Password', submit: 'Sign in' },
} as const;

export const DEMO_PASSWORD = 'Demo-Registry-2026';

/** Signs in on the login page in the page's language and waits until the login page is left. */
export async function signIn(page: Page, lang: Lang, email: string): Promise<void> {
  const t = LOGIN_TEXTS[lang];
  await page.goto('/login');
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
}

interface Listed {
  results: { id: string | number; [key: string]: unknown }[];
}

/** A GET of the API with the token the signed-in page keeps in its session storage. */
export async function apiGet<T = Listed>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (apiPath) => {
    const stored = JSON.parse(window.sessionStorage.getItem('apiToken') ?? '{}') as { token?: string };
    const response = await fetch(`/api/v1${apiPath}`, { headers: { authorization: `Bearer ${stored.token ?? ''}` } });
    if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}

const firstId = async (page: Page, path: string): Promise<string> => {
  const { results } = await apiGet(page, path);
  if (results.length === 0) throw new Error(`GET ${path} listed nothing`);
  return String(results[0].id);
};

interface PeriodsAnswer {
  results: { periods: { forms: { id: string; state: string }[] }[] }[];
}

/** The forms of one demo patient (by name), with their states. */
async function formsOf(page: Page, patientName: string): Promise<{ patientId: string; forms: { id: string; state: string }[] }> {
  const { results } = await apiGet(page, '/patients?offset=0&limit=100');
  const patient = results.find((p) => p.name === patientName);
  if (!patient) throw new Error(`no demo patient ${patientName}`);
  const patientId = String(patient.id);
  const attendances = await apiGet<PeriodsAnswer>(page, `/patients/${patientId}/attendance_periods`);
  const forms = attendances.results.flatMap((a) => a.periods.flatMap((p) => p.forms));
  return { patientId, forms };
}

/** A form in a state among the patients the user sees (monitors see no patient names). */
async function formInStateAnywhere(page: Page, state: string): Promise<string> {
  const { results } = await apiGet(page, '/patients?offset=0&limit=100');
  for (const patient of results) {
    const attendances = await apiGet<PeriodsAnswer>(page, `/patients/${String(patient.id)}/attendance_periods`);
    const form = attendances.results.flatMap((a) => a.periods.flatMap((p) => p.forms)).find((f) => f.state === state);
    if (form) return form.id;
  }
  throw new Error(`no demo form in state ${state}`);
}

const formIn = (forms: { id: string; state: string }[], state: string): string => {
  const form = forms.find((f) => f.state === state);
  if (!form) throw new Error(`no demo form in state ${state}`);
  return form.id;
};

const TEXT = {
  hu: { newPatient: 'Új beteg', history: 'Előzmények', userMenu: /Felhasználói menü/ },
  en: { newPatient: 'New patient', history: 'History', userMenu: /User menu/ },
} as const;

/** Panes slide in: axe measures colours only once nothing moves any more. */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

const openDialogFrom =
  (button: (lang: Lang) => string | RegExp): Opener =>
  async (page, lang) => {
    await page.getByRole('button', { name: button(lang) }).first().click();
    await page.getByRole('dialog').first().waitFor();
    await animationsDone(page);
  };

const openUserMenu: Opener = async (page, lang) => {
  await page.getByRole('button', { name: TEXT[lang].userMenu }).click();
  await page.getByRole('menu').waitFor();
  await animationsDone(page);
};

export async function investigatorScreens(page: Page): Promise<Screen[]> {
  const piroska = await formsOf(page, 'Példa Piroska');
  const correctable = await firstId(page, '/forms/correctable?offset=0&limit=10');
  return [
    { name: 'dashboard', path: '/', open: openUserMenu },
    { name: 'start card filled in for a patient', path: `/?startFor=${piroska.patientId}` },
    { name: 'profile', path: '/profile' },
    { name: 'change password', path: '/profile/password' },
    { name: 'patients', path: '/patients' },
    { name: 'new patient pane', path: '/patients', open: openDialogFrom((lang) => TEXT[lang].newPatient) },
    { name: 'patient page', path: `/patients/${piroska.patientId}/attendances` },
    { name: 'status matrix', path: '/status-matrix' },
    { name: 'correctable forms', path: '/forms/correctable' },
    { name: 'form in edit view', path: `/forms/${formIn(piroska.forms, 'draft')}` },
    { name: 'form in read view', path: `/forms/${formIn(piroska.forms, 'final')}` },
    { name: 'form history pane', path: `/forms/${formIn(piroska.forms, 'final')}`, open: openDialogFrom((lang) => TEXT[lang].history) },
    { name: 'form in correct view', path: `/forms/${correctable}` },
    { name: 'signed-in page not found', path: '/no/such/page' },
  ];
}

export async function monitorScreens(page: Page): Promise<Screen[]> {
  const approvable = await firstId(page, '/forms/approvable?offset=0&limit=10');
  const rejected = await formInStateAnywhere(page, 'rejected');
  return [
    { name: 'dashboard', path: '/' },
    { name: 'patients', path: '/patients' },
    { name: 'status matrix', path: '/status-matrix' },
    { name: 'approvable forms', path: '/forms/approvable' },
    { name: 'form in inspect view', path: `/forms/${approvable}` },
    { name: 'rejected form in read view', path: `/forms/${rejected}` },
  ];
}

export async function adminScreens(page: Page): Promise<Screen[]> {
  const userId = await firstId(page, '/users?offset=0&limit=10');
  const groupId = await firstId(page, '/user-groups?offset=0&limit=10');
  const registryId = await firstId(page, '/registries?limit=10');
  const formTypeId = await firstId(page, `/registries/${registryId}/form-types?offset=0&limit=10`);
  const entryId = await firstId(page, '/registry-acl?offset=0&limit=10');
  return [
    { name: 'dashboard', path: '/' },
    { name: 'admin dashboard', path: '/admin' },
    { name: 'users', path: '/admin/users' },
    { name: 'new user', path: '/admin/users/new' },
    { name: 'user details', path: `/admin/users/${userId}` },
    { name: 'edit user', path: `/admin/users/${userId}/edit` },
    { name: 'groups', path: '/admin/groups' },
    { name: 'new group', path: '/admin/groups/new' },
    { name: 'group', path: `/admin/groups/${groupId}` },
    { name: 'institutes', path: '/admin/institutes' },
    { name: 'application log', path: '/admin/application-log' },
    { name: 'mailing list', path: '/admin/mailing-list' },
    { name: 'registry access list', path: '/admin/access/registry' },
    { name: 'biobank access list', path: '/admin/access/biobank' },
    { name: 'new access entry', path: '/admin/access/registry/new' },
    { name: 'access entry', path: `/admin/access/registry/${entryId}` },
    { name: 'permission schemes', path: '/admin/access/schemes' },
    { name: 'registries', path: '/admin/registries' },
    { name: 'registry', path: `/admin/registries/${registryId}` },
    { name: 'form type', path: `/admin/registries/form-types/${formTypeId}` },
    { name: 'registry status matrix', path: `/registries/${registryId}/status-matrix` },
    { name: 'statistics', path: '/statistics' },
    { name: 'data export', path: '/data-export' },
    { name: 'new data import', path: '/data-import/new' },
    { name: 'data import jobs', path: '/data-import/jobs' },
    { name: 'act as another user', path: '/impersonation' },
    { name: 'form sandbox', path: '/sandbox/forms' },
    { name: 'admin page not found', path: '/admin/no-such-section' },
  ];
}

/** Screens nobody needs to be signed in for. */
export const PUBLIC_SCREENS: readonly Screen[] = [
  { name: 'sign-in', path: '/login' },
  { name: 'forgot password', path: '/login/forgot-password' },
  { name: 'password reset', path: '/login/reset-password?token=not-a-real-token' },
  { name: 'registration', path: '/registration' },
  { name: 'resend confirmation', path: '/registration/resend-confirmation' },
  { name: 'confirm e-mail notice', path: '/registration/confirm-email' },
  { name: 'signed-out page not found', path: '/no/such/page' },
];

/** The signed-in roles whose screens the journeys walk: [who, e-mail, the role's screens]. */
export const ROLE_SCREENS = [
  ['an investigator', 'investigator@example.org', investigatorScreens],
  ['a monitor', 'monitor@example.org', monitorScreens],
  ['an administrator', 'admin@example.org', adminScreens],
] as const;

/** The page has rendered its screen: a level-1 heading is shown and the data calls have settled. */
export async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * Opens each screen in turn (and what opens from its button) and collects what `look` finds there,
 * by screen, so one run names every screen that needs work; screens where it finds nothing are left out.
 */
export async function findOnScreens<T>(page: Page, lang: Lang, screens: readonly Screen[], look: (page: Page) => Promise<T[]>): Promise<Record<string, T[]>> {
  const found: Record<string, T[]> = {};
  for (const screen of screens) {
    await page.goto(screen.path);
    await settled(page);
    if (screen.open) await screen.open(page, lang);
    const seen = await look(page);
    if (seen.length > 0) found[`${screen.name} (${screen.path})`] = seen;
  }
  return found;
}
