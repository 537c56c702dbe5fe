/**
 * `npm test`: the typecheck (`astro check`) and the formatter's check run beside the test suite,
 * whose first half-minute (building the site for the browser tests) leaves a core idle, instead of
 * before it. Their findings are printed after the suite's; any of the three failing fails the
 * whole. Arguments go to vitest (`npm test -- tests/feeds.test.ts`).
 */
import { spawn } from 'node:child_process';

/** Runs a command of the project (npm puts node_modules/.bin on the path); `quiet` keeps its output to be printed later. */
function run(command: string[], quiet: boolean): Promise<{ command: string; code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => done({ command: command.join(' '), code: code ?? (signal ? 1 : 0), output }));
  });
}

const checks = [run(['npm', 'run', '--silent', 'typecheck'], true), run(['npm', 'run', '--silent', 'format:check'], true)];
const suite = await run(['vitest', 'run', ...process.argv.slice(2)], false);
const checked = await Promise.all(checks);
for (const check of checked) console.log(`\n${check.command}:\n${check.output.trim()}`);
const failed = [suite, ...checked].filter((result) => result.code !== 0);
if (failed.length) console.error(`\nFailed: ${failed.map((result) => result.command).join(', ')}`);
process.exit(failed.length ? 1 : 0);
