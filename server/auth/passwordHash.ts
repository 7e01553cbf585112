// Password hashing behind a small interface, so the algorithm can change without touching callers.
// argon2id (RFC 9106) in the self-describing PHC format `$argon2id$v=19$m=..,t=..,p=..$salt$hash`:
// verification reads the parameters from the stored hash, so stronger parameters later still
// verify old hashes (and needsRehash tells the sign-in to upgrade them).
import {
  argon2id,
  hash as argon2Hash,
  needsRehash as argon2NeedsRehash,
  verify as argon2Verify,
  type HashOptions,
} from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** True when the hash was made with other parameters than the current ones. */
  needsRehash(hash: string): boolean;
}

export interface Argon2Parameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 20-40 ms per hash on a server. */
export const PRODUCTION_PARAMETERS: Argon2Parameters = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** Tests hash many passwords; the weakest parameters argon2 accepts keep them fast. */
export const TEST_PARAMETERS: Argon2Parameters = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function createPasswordHasher(
  parameters: Argon2Parameters = process.env.NODE_ENV === 'test' ? TEST_PARAMETERS : PRODUCTION_PARAMETERS,
): PasswordHasher {
  const options: HashOptions = { type: argon2id, ...parameters };
  return {
    hash: (password) => argon2Hash(password, options),
    async verify(hash, password) {
      // A malformed or foreign hash is a failed sign-in, not a server error.
      if (!hash.startsWith('$argon2')) return false;
      try {
        return await argon2Verify(hash, password);
      } catch {
        return false;
      }
    },
    needsRehash(hash) {
      try {
        return argon2NeedsRehash(hash, parameters);
      } catch {
        return true;
      }
    },
  };
}
