// Trial randomization (business spec §3 Registry): `basic` draws each patient independently with
// probabilities proportional to the group multipliers; `permuted_block` deals from shuffled blocks
// holding each group `multiplier × blockMultiplier` times, one block sequence per institute, so the
// groups are balanced after every complete block. Randomness comes in as a function so the server
// passes a cryptographic generator and tests pass a seeded one.

export const RANDOMIZATION_STRATEGIES = ['basic', 'permuted_block'] as const;
export type RandomizationStrategy = (typeof RANDOMIZATION_STRATEGIES)[number];

export const RANDOM_GROUP_VISIBILITIES = ['available', 'reportOnly', 'hidden'] as const;
export type RandomGroupVisibility = (typeof RANDOM_GROUP_VISIBILITIES)[number];

export interface RandomGroup {
  name: string;
  /** Relative weight, a whole number ≥ 1. */
  multiplier: number;
}

/** Answers a whole number in [0, maxExclusive), uniformly. */
export type RandomInt = (maxExclusive: number) => number;

export class RandomizationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RandomizationError';
  }
}

function checkGroups(groups: readonly RandomGroup[]): void {
  if (groups.length < 2) throw new RandomizationError('a trial needs at least two random groups');
  for (const group of groups) {
    if (!Number.isInteger(group.multiplier) || group.multiplier < 1) {
      throw new RandomizationError(`the multiplier of group "${group.name}" must be a whole number of at least 1`);
    }
  }
}

/** One independent draw, weighted by the multipliers. */
export function drawBasic(groups: readonly RandomGroup[], randomInt: RandomInt): string {
  checkGroups(groups);
  const total = groups.reduce((sum, group) => sum + group.multiplier, 0);
  let ticket = randomInt(total);
  for (const group of groups) {
    if (ticket < group.multiplier) return group.name;
    ticket -= group.multiplier;
  }
  throw new RandomizationError('random source out of range');
}

/** A new shuffled block (Fisher–Yates with the given source). */
export function shuffledBlock(groups: readonly RandomGroup[], blockMultiplier: number, randomInt: RandomInt): string[] {
  checkGroups(groups);
  if (!Number.isInteger(blockMultiplier) || blockMultiplier < 1) {
    throw new RandomizationError('the block multiplier must be a whole number of at least 1');
  }
  const block = groups.flatMap((group) => Array<string>(group.multiplier * blockMultiplier).fill(group.name));
  for (let i = block.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [block[i], block[j]] = [block[j], block[i]];
  }
  return block;
}

export interface BlockState {
  /** What is left of the current block of this institute (empty: start a new one). */
  remaining: string[];
}

/** The next group of a permuted-block sequence, and the block state to store for the next patient. */
export function drawPermutedBlock(
  groups: readonly RandomGroup[],
  blockMultiplier: number,
  state: BlockState,
  randomInt: RandomInt,
): { group: string; state: BlockState } {
  const block = state.remaining.length > 0 ? state.remaining : shuffledBlock(groups, blockMultiplier, randomInt);
  const [group, ...rest] = block;
  return { group, state: { remaining: rest } };
}
