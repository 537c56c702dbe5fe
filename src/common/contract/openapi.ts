/**
 * The OpenAPI 3.1 document of the API, generated from the route table (./api.ts) and the
 * contract's schemas: a field added to an input schema appears here with no second edit. Bodies
 * are described as a client sends them (zod's `io: 'input'`: defaults may be left out); checks
 * JSON Schema cannot say (a date that must exist, a photo of this site) stay in the words of the
 * 400 answer's `fields`.
 */
import * as z from 'zod/mini';
import { API_ROUTES, API_TAGS, type ApiRoute } from './api.ts';
import { apiErrorBody } from './errors.ts';
import { RATE_LIMITS, UPLOAD_BYTES_IN_FLIGHT } from './limits.ts';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodMiniType): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
};

const ERROR = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

/** "/api/lost-found/:id" as OpenAPI writes it, "/api/lost-found/{id}". */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function operation(method: string, path: string, route: ApiRoute) {
  const parameters = [
    ...[...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(route.query ?? {}).map(([name, query]) =>
      typeof query === 'string'
        ? { name, in: 'query', required: false, description: query, schema: { type: 'string' } }
        : { name, in: 'query', required: false, description: query.description, schema: { type: 'string', enum: query.values } },
    ),
  ];
  const { answer } = route;
  const item = { type: 'object', description: answer.description };
  const media = answer.media ?? 'application/json';
  const schema = media !== 'application/json' ? { type: 'string' } : answer.list ? { type: 'array', description: `A list of ${answer.description}`, items: item } : item;
  const responses: Json = {
    [answer.status]: answer.status === 204 || answer.status === 302 ? { description: answer.description } : { description: answer.description, content: { [media]: { schema } } },
  };
  if (route.body || route.file || route.query) responses[400] = errorAnswer('Refused: `fields` names each field that is missing or not valid');
  if (route.auth === 'manage') responses[401] = errorAnswer("Without the post's manage secret, or with another");
  if (route.auth === 'admin') {
    responses[401] = errorAnswer('Not signed in, or the session has ended');
    responses[403] = errorAnswer('A change that does not come from this site (its Origin)');
  } else if (method !== 'GET' && path !== '/api/sms/inbound') {
    responses[403] = errorAnswer('Sent from a page of another site (its Origin or Sec-Fetch-Site says so); a request naming neither is taken');
  }
  if (parameters.some((parameter) => parameter.in === 'path')) responses[404] = errorAnswer('There is no such item, or it is no longer listed');
  if (route.body || route.file) {
    responses[413] = errorAnswer('The body is too large');
    responses[415] = errorAnswer('A body of another type');
  }
  if (route.limit) {
    const limits = route.limit.map((name) => `${RATE_LIMITS[name].limit} in ${RATE_LIMITS[name].windowMinutes} minutes`).join(' or ');
    responses[429] = errorAnswer(`Too many from one client: at most ${limits}`);
  }
  if (route.file && route.tag === 'Uploads') {
    responses[429] = errorAnswer(
      `Try again in a moment: this client has ${UPLOAD_BYTES_IN_FLIGHT.client / 2 ** 20} MiB of uploads on their way already, or all clients ${UPLOAD_BYTES_IN_FLIGHT.all / 2 ** 20} MiB (or, for a part, its number is on its way)`,
    );
  }
  responses['5XX'] = errorAnswer('Nothing was saved: the server failed, is busy (503, with Retry-After) or has no room (507)');
  return {
    operationId: `${method.toLowerCase()}${openApiPath(path)
      .replace(/^\/api/, '')
      .replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(route.auth ? { security: [{ [route.auth === 'manage' ? 'manageSecret' : `${route.auth}Session`]: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } } } : {}),
    ...(route.file ? { requestBody: { required: true, description: route.file, content: { '*/*': { schema: {} } } } } : {}),
    responses,
  };
}

/** The document as GET /api/openapi.json answers it. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, route] of Object.entries(API_ROUTES)) {
    const [method, path] = key.split(' ') as [string, string];
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operation(method, path, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Find. Help. Reunite. API',
      version: '1',
      description:
        "The API of Find. Help. Reunite.: the boards' lists and posts, and the moderators' desk. A post shows the contact its author chose to show on it; the contacts of people who answer posts, of drop volunteers and of SOS requests are never in a public answer (a poster reads the answers to their own post with its manage secret). Errors share one shape (Error).",
    },
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: schemaOf(apiErrorBody) },
      securitySchemes: {
        manageSecret: { type: 'http', scheme: 'bearer', description: 'The private manage secret answered once, as manageToken, when the post was made.' },
        adminSession: { type: 'apiKey', in: 'cookie', name: '__Host-admin', description: 'The session cookie set by POST /api/admin/session.' },
        responderSession: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-responder',
          description: 'The session cookie set by POST /api/respond/invite/verify or /api/respond/sign-in/verify.',
        },
      },
    },
  };
}
