// The lines the server prints once it listens: where to open it, where mail goes, and in demo mode
// the accounts. A server bound to every interface (HOST 0.0.0.0 or ::, the default) says so, since
// a demo with well-known passwords is then reachable from the whole network.
import { hostname } from 'node:os';

export interface BannerFacts {
  host: string;
  port: number;
  hasClient: boolean;
  staticDir: string;
  mailDestination: string;
  demoMode: boolean;
  demoPassword: string;
  demoAccounts: readonly string[];
  /** API_PROCESSES: how many processes serve (server/cluster.ts). */
  apiProcesses: number;
}

const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '']);

export function startBanner(facts: BannerFacts): string[] {
  const everywhere = EVERY_INTERFACE.has(facts.host);
  const localHost = everywhere ? 'localhost' : facts.host.includes(':') ? `[${facts.host}]` : facts.host;
  const lines = [`Registry & Trial CDMS is running at http://${localHost}:${facts.port}`];
  if (everywhere) {
    lines.push(
      `Listening on every network interface (${facts.host || '0.0.0.0'}): other computers can open http://${hostname()}:${facts.port}`,
      `  (set HOST=127.0.0.1 to keep it on this computer${facts.demoMode ? ', recommended for the demo with its known passwords' : ''})`,
    );
  }
  if (facts.apiProcesses > 1) lines.push(`${facts.apiProcesses} API processes share the port`);
  if (!facts.hasClient) lines.push(`(no client build in ${facts.staticDir}: API only)`);
  lines.push(`Mail goes to ${facts.mailDestination}`);
  if (facts.demoMode) {
    lines.push('', `Demo mode. Accounts (password ${facts.demoPassword}):`, ...facts.demoAccounts.map((line) => `  ${line}`));
  }
  return lines;
}
