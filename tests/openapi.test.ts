import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../src/common/contract/api.ts';
import { lostFoundInput } from '../src/common/contract/index.ts';
import { openApiPath } from '../src/common/contract/openapi.ts';
import { testApp, type TestApp } from './test-app.ts';
import { textedCode } from './text-codes.ts';
import { WRITE_ENDPOINTS, type Host } from './write-endpoints.ts';

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, unknown> }>; securitySchemes: Record<string, { type: string; in?: string }> };
}

let api: TestApp;
let document: Document;
beforeAll(async () => {
  api = await testApp();
  const response = await api.app.request('/api/openapi.json');
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});
afterAll(() => api.close());

/** Every "METHOD /path" the app routes, as the document writes paths; middleware (ALL) left out. */
const appRoutes = () => new Set(api.app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${openApiPath(route.path)}`));
const documented = () => new Set(Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`)));
const operation = (key: keyof typeof API_ROUTES) => {
  const [method, path] = key.split(' ') as [string, string];
  return document.paths[openApiPath(path)]![method.toLowerCase()]!;
};

/** The operation a request to `path` reaches: its own path first, else the template it fits with the fewest parameters. */
const operationAt = (method: string, path: string) => {
  const [template] = Object.keys(document.paths)
    .filter((candidate) => new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
    .sort((a, b) => a.split('{').length - b.split('{').length);
  return document.paths[template!]?.[method.toLowerCase()];
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route the app has, and none it lacks', () => {
    const routes = appRoutes();
    // A sanity floor: a router walk that found nothing would make the comparison pass vacuously.
    expect(routes.size).toBeGreaterThan(70);
    expect([...routes].filter((route) => !documented().has(route))).toEqual([]);
    expect([...documented()].filter((route) => !routes.has(route))).toEqual([]);
  });

  it("takes each body from the contract's schema", () => {
    const body = operation('POST /api/lost-found').requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties!).sort()).toEqual(Object.keys(lostFoundInput.def.shape).sort());
    expect(body.required).toEqual(['name']);
    expect(body.properties!.name).toMatchObject({ type: 'string', minLength: 1, maxLength: expect.any(Number) });
    for (const [key, route] of Object.entries(API_ROUTES)) {
      if (!route.body) continue;
      const schema = operation(key as keyof typeof API_ROUTES).requestBody!.content['application/json']!.schema;
      expect(Object.keys(schema.properties!), key).toEqual(Object.keys((route.body as unknown as { def: { shape: object } }).def.shape));
    }
  });

  it('accepts, in each body schema, the sample body every write endpoint takes (tests/write-endpoints.ts)', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const host: Host = { post: api.post, store: api.store, clock: api.clock, textedCode: (phone) => textedCode(api, phone) };
    const checked: string[] = [];
    for (const endpoint of WRITE_ENDPOINTS) {
      if (endpoint.file || endpoint.bodyless) continue;
      const target = await endpoint.target(host);
      const schema = operationAt(endpoint.method, target.path)?.requestBody?.content['application/json']?.schema;
      expect(schema, `${endpoint.method} ${target.path} has a JSON body`).toBeDefined();
      const validate = ajv.compile(schema!);
      expect(validate({ ...endpoint.valid, ...target.extra }), `${endpoint.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(validate({ ...endpoint.valid, ...target.extra, [Object.keys(schema!.properties!)[0]!]: { not: 'a value' } }), endpoint.name).toBe(false);
      checked.push(endpoint.name);
    }
    expect(checked.length).toBeGreaterThan(15);
  });

  it('marks admin routes as needing a session and owner routes as needing the manage secret', () => {
    expect(document.components.securitySchemes.adminSession).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie' }));
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        // Signing in, with the secret or a passkey, needs no session yet.
        const signIn = ['/api/admin/session', '/api/admin/session/passkey', '/api/admin/session/passkey/options'].includes(path) && method === 'post';
        if (path.startsWith('/api/admin/') && !signIn) {
          expect(op.security, `${method} ${path}`).toEqual([{ adminSession: [] }]);
          expect(op.responses).toHaveProperty('401');
        } else if (!path.startsWith('/api/admin/')) {
          expect(op.security?.[0]?.adminSession, `${method} ${path}`).toBeUndefined();
        }
      }
    }
    expect(operation('DELETE /api/lost-found/:id').security).toEqual([{ manageSecret: [] }]);
    expect(operation('GET /api/lost-found').security).toBeUndefined();
  });

  it('shares the error shape and names the rate limit on limited routes', () => {
    expect(Object.keys(document.components.schemas.Error!.properties)).toEqual(['error']);
    const limited = operation('POST /api/alerts').responses['429'] as { description: string; content: unknown };
    expect(limited.description).toMatch(/at most \d+ in \d+ minutes or \d+ in \d+ minutes/);
    expect(limited.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
    expect(operation('GET /api/alerts').responses).not.toHaveProperty('429');
  });

  it('describes lists as arrays', () => {
    const answer = operation('GET /api/lost-found').responses['200'] as { content: { 'application/json': { schema: { type: string; items: object } } } };
    expect(answer.content['application/json'].schema).toMatchObject({ type: 'array', items: { type: 'object' } });
  });
});
