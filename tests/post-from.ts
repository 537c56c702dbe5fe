import { request } from 'node:http';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { POW_HEADER } from '../src/common/contract/pow.ts';

/**
 * The n-th of many loopback addresses (127.0.1.0 and up). On Linux all of 127.0.0.0/8 is this
 * machine, so a test or benchmark can post as many people, each under its own rate limit.
 */
export const loopback = (n: number) => `127.0.${1 + (n >> 8)}.${n & 255}`;

/**
 * POSTs `body` as JSON to `url` from the local `address` (fetch cannot choose its source address).
 * When posts pour in (a test suite or a benchmark sharing one server), the server asks for a
 * proof of work: it is solved and the post sent again, as the pages' API kit does.
 */
export async function postFrom(address: string, url: string, body: unknown): Promise<Response> {
  const answer = await send(address, url, body);
  if (answer.status !== 428) return answer;
  const { challenge } = ((await answer.json()) as { error: { challenge: Challenge } }).error;
  const solution = await solveChallenge({ challenge, deriveKey });
  return send(address, url, body, { [POW_HEADER]: btoa(JSON.stringify({ challenge, solution })) });
}

function send(address: string, url: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...extra };
    const sent = request(url, { method: 'POST', localAddress: address, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      const answered = new Headers(Object.entries(response.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : [])));
      response.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: response.statusCode, headers: answered })));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(data);
  });
}
