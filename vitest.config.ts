import { configDefaults, defineConfig } from 'vitest/config';

/** The unit and API files' settings, shared by their two projects below. */
const UNIT = {
  // The unit and API files (fuzzing and load tests among them) finish before the browser
  // tests start: run beside them on two cores, they made browser tests run out of time.
  sequence: { groupOrder: 0 },
  include: ['src/**/*.test.ts', 'functions/**/*.test.ts', 'db/**/*.test.ts', 'party/**/*.test.ts', 'tests/*.test.ts', 'tests/adversary/**/*.test.ts'],
  environment: 'node',
  // The memory tests collect garbage themselves, to measure what stays reachable.
  execArgv: ['--expose-gc'],
  // A shared machine may run a test slowly; a time limit is no assertion about speed (benchmarks measure that).
  testTimeout: 20_000,
};
/** The files that measure their process's memory. */
const MEASURE_MEMORY = ['tests/adversary/hold-the-room.test.ts', 'tests/adversary/fill-disk.test.ts', 'tests/hostile-uploads.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...UNIT,
          name: 'unit',
          exclude: [...configDefaults.exclude, ...MEASURE_MEMORY],
          // Three files at a time: they keep both cores busy (one worker a core left one idle while
          // a file waited on its database file or a child process).
          maxWorkers: 3,
          // A worker keeps its modules from one file to the next: importing the app anew for each
          // file was half the unit files' time (202 s against 101 s for them all). What stays in a
          // module between files is caches and counters; the files that fake timers or stub
          // globals put them back after each test.
          isolate: false,
        },
      },
      {
        test: {
          ...UNIT,
          // Files that weigh what stays reachable in their own process: each in a fresh one, with
          // nothing of another file's in its memory (in a shared worker, hold-the-room once measured
          // 8.6 MB against its 8 MB bound).
          name: 'memory',
          include: MEASURE_MEMORY,
          // The unit files' three workers: a project of one worker would run alone after the browser
          // tests (vitest's sequential group), 20 s with a core idle.
          maxWorkers: 3,
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
          // Two files at a time, each worker with a server of its own (tests/e2e/setup.ts): together
          // with Chromium and the servers, two browser files keep both cores busy.
          maxWorkers: 2,
          // Each file in a fresh thread rather than a fresh process: starting a process costs more
          // than the file's own work for the small files on these machines (14 files: 76 s against 83 s).
          pool: 'threads',
        },
      },
    ],
  },
});
