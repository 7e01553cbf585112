// Demo data: three fictional Hungarian hospitals and one account per role. Every name, address and
// phone number is invented; the e-mail domain is the reserved example.org.
import type { Role } from '../auth/roles';
import type { MfaPolicy } from '../db/database';

export const DEMO_PASSWORD = 'Demo-Registry-2026';

export interface DemoInstitute {
  key: 'lukacs' | 'duna' | 'alfold';
  name: string;
  nameHu: string;
  nameEn: string;
  shortName: string;
  city: string;
  postCode: string;
  region: string;
  address: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  lat: number;
  lon: number;
}

export const DEMO_INSTITUTES: readonly DemoInstitute[] = [
  {
    key: 'lukacs',
    name: 'Szent Lukács Kórház',
    nameHu: 'Szent Lukács Kórház',
    nameEn: "St. Luke's Hospital",
    shortName: 'SZLK',
    city: 'Budapest',
    postCode: '1087',
    region: 'Budapest',
    address: 'Gyógyító utca 12.',
    contactName: 'Fekete Ilona',
    contactEmail: 'registry@lukacs.example.org',
    contactPhone: '+36 1 555 0101',
    lat: 47.4979,
    lon: 19.0402,
  },
  {
    key: 'duna',
    name: 'Duna-parti Egyetemi Klinika',
    nameHu: 'Duna-parti Egyetemi Klinika',
    nameEn: 'Danube Riverside University Clinic',
    shortName: 'DEK',
    city: 'Győr',
    postCode: '9021',
    region: 'Győr-Moson-Sopron',
    address: 'Rakpart sétány 3.',
    contactName: 'Németh Zoltán',
    contactEmail: 'registry@dunaklinika.example.org',
    contactPhone: '+36 96 555 0202',
    lat: 47.6875,
    lon: 17.6504,
  },
  {
    key: 'alfold',
    name: 'Alföldi Megyei Kórház',
    nameHu: 'Alföldi Megyei Kórház',
    nameEn: 'Great Plain County Hospital',
    shortName: 'AMK',
    city: 'Kecskemét',
    postCode: '6000',
    region: 'Bács-Kiskun',
    address: 'Homokdomb út 45.',
    contactName: 'Pintér Ágnes',
    contactEmail: 'registry@alfoldikorhaz.example.org',
    contactPhone: '+36 76 555 0303',
    lat: 46.8964,
    lon: 19.6897,
  },
];

export interface DemoAccount {
  email: string;
  name: string;
  roles: Role[];
  institute?: DemoInstitute['key'];
  doctor?: boolean;
  mfaPolicy?: MfaPolicy;
  /** MFA enforced since yesterday but not set up: sign-in must lead to MFA setup. */
  mfaEnforcedYesterday?: boolean;
  /** A short description for the start-up banner. */
  note?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@example.org', name: 'Kovács Anna', roles: ['admin', 'impersonator'] },
  { email: 'local.admin@example.org', name: 'Szabó Péter', roles: ['local_administrator'], institute: 'lukacs' },
  {
    email: 'investigator@example.org',
    name: 'Dr. Nagy Eszter',
    roles: ['local_investigator'],
    institute: 'lukacs',
    doctor: true,
  },
  {
    email: 'investigator2@example.org',
    name: 'Dr. Tóth Gábor',
    roles: ['local_investigator'],
    institute: 'duna',
    doctor: true,
  },
  { email: 'monitor@example.org', name: 'Horváth Katalin', roles: ['monitor_administrator'] },
  { email: 'monitor2@example.org', name: 'Szabó Gergely', roles: ['monitor_administrator'] },
  { email: 'monitor.investigator@example.org', name: 'Dr. Varga Bence', roles: ['monitor_investigator'], doctor: true },
  { email: 'biobank@example.org', name: 'Kiss Réka', roles: ['biobank_admin'] },
  { email: 'exporter@example.org', name: 'Molnár Dániel', roles: ['data_exporter'] },
  { email: 'importer@example.org', name: 'Farkas Judit', roles: ['data_importer'] },
  {
    email: 'mfa@example.org',
    name: 'Balogh Márton',
    roles: ['user'],
    institute: 'alfold',
    mfaPolicy: 'enforced',
    mfaEnforcedYesterday: true,
    note: 'MFA enforced since yesterday, not yet set up',
  },
];

/** One line per account for the start-up banner and the seed command. */
export function describeDemoAccounts(): string[] {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return DEMO_ACCOUNTS.map((account) => {
    const institute = DEMO_INSTITUTES.find((i) => i.key === account.institute);
    const extras = [institute ? institute.shortName : null, account.doctor ? 'doctor' : null, account.note ?? null]
      .filter((part): part is string => part !== null)
      .join(', ');
    return `${account.email.padEnd(width)}  ${account.roles.join(', ')}${extras ? ` (${extras})` : ''}`;
  });
}
