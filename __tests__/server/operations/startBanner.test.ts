// The start banner: the URL to open, and a warning when the server is reachable from the network.
import { startBanner, type BannerFacts } from '../../../server/startBanner';

const facts = (extra: Partial<BannerFacts>): BannerFacts => ({
  host: '127.0.0.1',
  port: 8080,
  hasClient: true,
  staticDir: 'dist',
  mailDestination: 'data/outbox',
  demoMode: true,
  demoPassword: 'pw',
  demoAccounts: ['admin@example.org  Admin'],
  apiProcesses: 1,
  ...extra,
});

test('bound to one address: its URL, and no word of other computers', () => {
  const lines = startBanner(facts({}));
  expect(lines[0]).toBe('Registry & Trial CDMS is running at http://127.0.0.1:8080');
  expect(lines.join('\n')).not.toMatch(/every network interface/);
});

test.each(['0.0.0.0', '::'])('bound to %s: says every interface, how others reach it, and how to keep it local in the demo', (host) => {
  const text = startBanner(facts({ host })).join('\n');
  expect(text).toContain('running at http://localhost:8080');
  expect(text).toMatch(new RegExp(`Listening on every network interface \\(${host.replace(/\./g, '\\.')}\\): other computers can open http://\\S+:8080`));
  expect(text).toContain('set HOST=127.0.0.1 to keep it on this computer, recommended for the demo');
});

test('outside the demo no accounts are listed', () => {
  const text = startBanner(facts({ demoMode: false, demoAccounts: [] })).join('\n');
  expect(text).not.toContain('Demo mode');
  expect(text).not.toContain('recommended for the demo');
});

test('several API processes are named; one is not', () => {
  expect(startBanner(facts({ apiProcesses: 4 }))).toContain('4 API processes share the port');
  expect(startBanner(facts({})).join('\n')).not.toContain('API processes');
});
