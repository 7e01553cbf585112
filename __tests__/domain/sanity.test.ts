test('jest runs TypeScript', () => { const n: number = 1 + 1; expect(n).toBe(2); });
