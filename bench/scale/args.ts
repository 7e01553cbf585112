// The flags of `npm run bench scale -- ...`.
export interface ScaleArgs {
  /** Grown patients (default 100,000). */
  patients: number;
  /** PostgreSQL server to create the grown database on (default TEST_DATABASE_URL); none: SQLite only. */
  pg: string | null;
  /** Skip SQLite (only PostgreSQL). */
  skipSqlite: boolean;
  /** Grow only: no server, no load. */
  growOnly: boolean;
  /** Drive an already grown database instead of growing one (sqlite:/path or postgres://...). */
  urls: string[];
  /** Seconds per measured call pattern and client count. */
  seconds: number;
  /** Keep the grown databases (SQLite file, PostgreSQL database) afterwards. */
  keep: boolean;
  /** Only the calls whose name matches (case-insensitive), to measure one area quickly. */
  calls: RegExp | null;
  /** Only the roles whose name matches (case-insensitive), e.g. `investigator`. */
  roles: RegExp | null;
}

const USAGE = 'Usage: npm run bench scale -- [--patients N] [--pg URL | --no-pg] [--pg-only] [--grow-only] [--url DATABASE_URL ...] [--seconds S] [--keep] [--calls REGEX] [--roles REGEX]';

export function parseScaleArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env): ScaleArgs {
  const parsed: ScaleArgs = { patients: 100_000, pg: env.TEST_DATABASE_URL || null, skipSqlite: false, growOnly: false, urls: [], seconds: 3, keep: false, calls: null, roles: null };
  for (let i = 0; i < args.length; i += 1) {
    const value = (): string => {
      const next = args[(i += 1)];
      if (next === undefined) throw new Error(`${args[i - 1]} needs a value. ${USAGE}`);
      return next;
    };
    switch (args[i]) {
      case '--patients':
      case '--size':
        parsed.patients = Number(value());
        if (!Number.isInteger(parsed.patients) || parsed.patients < 0) throw new Error(`--patients must be a whole number. ${USAGE}`);
        break;
      case '--pg':
        parsed.pg = value();
        break;
      case '--no-pg':
        parsed.pg = null;
        break;
      case '--pg-only':
        parsed.skipSqlite = true;
        break;
      case '--grow-only':
        parsed.growOnly = true;
        break;
      case '--url':
        parsed.urls.push(value());
        break;
      case '--seconds':
        parsed.seconds = Number(value());
        break;
      case '--keep':
        parsed.keep = true;
        break;
      case '--calls':
        parsed.calls = new RegExp(value(), 'i');
        break;
      case '--roles':
        parsed.roles = new RegExp(value(), 'i');
        break;
      default:
        throw new Error(`Unknown argument ${args[i]}. ${USAGE}`);
    }
  }
  return parsed;
}
