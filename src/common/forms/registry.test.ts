import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FORMS } from './registry.ts';

it('registers every form description of the folder but the admin desk, each once by its id', async () => {
  const folder = new URL('./', import.meta.url);
  const described = [];
  for (const file of readdirSync(folder).filter((name) => /^[a-z-]+\.ts$/.test(name) && !['kit.ts', 'registry.ts', 'admin.ts'].includes(name))) {
    const module: Record<string, unknown> = await import(new URL(file, folder).href);
    described.push(
      ...Object.values(module).filter((value): value is { id: string; action: string } => typeof value === 'object' && value !== null && 'id' in value && 'action' in value),
    );
  }
  expect(described.length).toBeGreaterThan(15);
  expect(new Set(described.map((spec) => spec.id)).size).toBe(described.length);
  for (const spec of described) expect(FORMS.get(spec.id), spec.id).toBe(spec);
  expect(FORMS.size).toBe(described.length);
});
