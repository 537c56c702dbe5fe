/**
 * TEST ONLY. A small server speaking libSQL's HTTP protocol (Hrana 2 over JSON, the part that
 * @libsql/client's web build uses) over a local database file, so the Cloudflare worker can be
 * tested end to end in workerd, where only http(s)/ws(s) database URLs work and no libSQL server
 * installs from npm. Never part of the product path.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'libsql';

type HranaValue = { type: 'null' } | { type: 'integer'; value: string } | { type: 'float'; value: number } | { type: 'text'; value: string } | { type: 'blob'; base64: string };
interface HranaStmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}
type HranaCond = { type: 'ok' | 'error'; step: number } | { type: 'not'; cond: HranaCond } | { type: 'and' | 'or'; conds: HranaCond[] } | { type: 'is_autocommit' };
type HranaRequest =
  | { type: 'execute'; stmt: HranaStmt }
  | { type: 'batch'; batch: { steps: { stmt: HranaStmt; condition?: HranaCond }[] } }
  | { type: 'sequence'; sql: string }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'close' | 'get_autocommit' | 'describe' };

const fromHrana = (value: HranaValue): unknown => {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(value.value);
    case 'float':
    case 'text':
      return value.value;
    case 'blob':
      return Buffer.from(value.base64, 'base64');
  }
};

const toHrana = (value: unknown): HranaValue => {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number') return { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  return { type: 'blob', base64: Buffer.from(value as Uint8Array).toString('base64') };
};

export async function startLibsqlHttpServer(path: string): Promise<{ url: string; close(): Promise<void> }> {
  const db = new Database(path);
  db.defaultSafeIntegers(true);
  // The client may store a statement's SQL once and then name it by number.
  const storedSql = new Map<number, string>();

  function execute(stmt: HranaStmt) {
    const prepared = db.prepare(stmt.sql ?? storedSql.get(stmt.sql_id!) ?? '');
    const named = Object.fromEntries((stmt.named_args ?? []).map(({ name, value }) => [name.replace(/^[:@$]/, ''), fromHrana(value)]));
    const args = [...(stmt.args ?? []).map(fromHrana), ...(stmt.named_args?.length ? [named] : [])];
    if (prepared.reader) {
      const columns = prepared.columns();
      const rows = prepared.raw(true).all(...args) as unknown[][];
      return {
        cols: columns.map((column: { name: string; type: string | null }) => ({ name: column.name, decltype: column.type })),
        rows: rows.map((row) => row.map(toHrana)),
        affected_row_count: 0,
        last_insert_rowid: null,
      };
    }
    const info = prepared.run(...args);
    return { cols: [], rows: [], affected_row_count: Number(info.changes), last_insert_rowid: String(info.lastInsertRowid) };
  }

  function batch(steps: { stmt: HranaStmt; condition?: HranaCond }[]) {
    const results: (ReturnType<typeof execute> | null)[] = [];
    const errors: ({ message: string } | null)[] = [];
    const holds = (cond: HranaCond): boolean => {
      switch (cond.type) {
        case 'ok':
          return results[cond.step] != null;
        case 'error':
          return errors[cond.step] != null;
        case 'not':
          return !holds(cond.cond);
        case 'and':
          return cond.conds.every(holds);
        case 'or':
          return cond.conds.some(holds);
        case 'is_autocommit':
          return !db.inTransaction;
      }
    };
    for (const step of steps) {
      if (step.condition && !holds(step.condition)) {
        results.push(null);
        errors.push(null);
        continue;
      }
      try {
        results.push(execute(step.stmt));
        errors.push(null);
      } catch (error) {
        results.push(null);
        errors.push({ message: (error as Error).message });
      }
    }
    return { step_results: results, step_errors: errors };
  }

  function handle(request: HranaRequest) {
    switch (request.type) {
      case 'execute':
        return { type: 'execute', result: execute(request.stmt) };
      case 'batch':
        return { type: 'batch', result: batch(request.batch.steps) };
      case 'sequence':
        db.exec(request.sql);
        return { type: 'sequence' };
      case 'store_sql':
        storedSql.set(request.sql_id, request.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        storedSql.delete(request.sql_id);
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: !db.inTransaction };
      default:
        return { type: request.type };
    }
  }

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/v2') return send(200, {});
    if (req.method !== 'POST' || req.url !== '/v2/pipeline') return send(404, { message: 'not found' });
    // Decoded whole: a letter of several bytes may be split between two chunks.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const { requests } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { requests: HranaRequest[] };
    const results = requests.map((request) => {
      try {
        return { type: 'ok', response: handle(request) };
      } catch (error) {
        return { type: 'error', error: { message: (error as Error).message, code: 'SQLITE_ERROR' } };
      }
    });
    // One connection serves every stream, so a baton only has to be handed back.
    send(200, { baton: requests.some((request) => request.type === 'close') ? null : 'stream', base_url: null, results });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
