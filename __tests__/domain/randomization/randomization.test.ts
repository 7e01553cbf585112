// Randomization with a seeded source: basic draws follow the weights; permuted blocks are balanced
// after every complete block, per institute.
import { drawBasic, drawPermutedBlock, RandomizationError, shuffledBlock, type BlockState, type RandomInt } from '../../../src/domain/randomization';

/** A small deterministic generator (mulberry32), so every run draws the same sequence. */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

const TWO_ARMS = [
  { name: 'A', multiplier: 1 },
  { name: 'B', multiplier: 1 },
];
const TWO_TO_ONE = [
  { name: 'A', multiplier: 2 },
  { name: 'B', multiplier: 1 },
];

function count(names: string[]): Record<string, number> {
  return names.reduce<Record<string, number>>((acc, name) => ({ ...acc, [name]: (acc[name] ?? 0) + 1 }), {});
}

describe.each([
  [TWO_ARMS, 2],
  [TWO_TO_ONE, 1],
  [TWO_TO_ONE, 3],
  [[...TWO_ARMS, { name: 'C', multiplier: 3 }], 2],
])('permuted blocks of %j × %i', (groups, blockMultiplier) => {
  const blockSize = groups.reduce((sum, g) => sum + g.multiplier, 0) * blockMultiplier;

  test('are balanced after every complete block', () => {
    const random = seeded(blockSize * 31 + groups.length);
    let state: BlockState = { remaining: [] };
    const drawn: string[] = [];
    for (let patient = 1; patient <= blockSize * 25; patient += 1) {
      const result = drawPermutedBlock(groups, blockMultiplier, state, random);
      drawn.push(result.group);
      state = result.state;
      if (patient % blockSize === 0) {
        const blocks = patient / blockSize;
        expect(count(drawn)).toEqual(Object.fromEntries(groups.map((g) => [g.name, g.multiplier * blockMultiplier * blocks])));
        expect(state.remaining).toEqual([]);
      }
    }
  });

  test('vary in order from block to block', () => {
    const random = seeded(7);
    const orders = new Set(Array.from({ length: 20 }, () => shuffledBlock(groups, blockMultiplier, random).join('')));
    expect(orders.size).toBeGreaterThan(1);
  });
});

test('each institute keeps its own block sequence', () => {
  const random = seeded(3);
  const states: Record<string, BlockState> = { one: { remaining: [] }, two: { remaining: [] } };
  const drawn: Record<string, string[]> = { one: [], two: [] };
  for (const institute of ['one', 'two', 'one', 'one', 'two', 'one', 'two', 'two']) {
    const result = drawPermutedBlock(TWO_ARMS, 2, states[institute], random);
    states[institute] = result.state;
    drawn[institute].push(result.group);
  }
  expect(count(drawn.one)).toEqual({ A: 2, B: 2 });
  expect(count(drawn.two)).toEqual({ A: 2, B: 2 });
});

test('basic draws follow the multipliers', () => {
  const random = seeded(11);
  const drawn = Array.from({ length: 30_000 }, () => drawBasic(TWO_TO_ONE, random));
  const share = count(drawn).A / drawn.length;
  expect(share).toBeGreaterThan(0.64);
  expect(share).toBeLessThan(0.69);
});

test('basic draws map every ticket to its group', () => {
  const tickets = [0, 1, 2];
  expect(tickets.map((t) => drawBasic(TWO_TO_ONE, () => t))).toEqual(['A', 'A', 'B']);
});

test.each([
  [[{ name: 'A', multiplier: 1 }], 1],
  [[{ name: 'A', multiplier: 0 }, { name: 'B', multiplier: 1 }], 1],
  [[{ name: 'A', multiplier: 1.5 }, { name: 'B', multiplier: 1 }], 1],
  [TWO_ARMS, 0],
])('%j with block multiplier %i is refused', (groups, blockMultiplier) => {
  expect(() => shuffledBlock(groups, blockMultiplier, seeded(1))).toThrow(RandomizationError);
});
