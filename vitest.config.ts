import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // The unit project (fuzzing and load tests among it) finishes before the browsers start:
          // sharing two cores with it made browser tests time out.
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'functions/**/*.test.ts', 'db/**/*.test.ts', 'party/**/*.test.ts', 'tests/*.test.ts', 'tests/adversary/**/*.test.ts'],
          environment: 'node',
          // The upload memory test collects garbage itself, to measure what stays reachable.
          execArgv: ['--expose-gc'],
          // A shared machine may run a test slowly; a time limit is no assertion about speed (benchmarks measure that).
          testTimeout: 20_000,
          // Two files at a time. Vitest's default is one worker fewer than the cores, which on a
          // 2-core machine ran every API test file one after another.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 1 },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page waited on by polling may answer slowly on a shared machine; one second (the default)
          // made a two-click "Show more" fail there. The wait bounds a test, it asserts no speed.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each worker with a server of its own (tests/e2e/setup.ts): a browser
          // test waits on pages, the network and the live room for much of its time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
