import { createServer, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRange, clientAddress } from './client-address.ts';
import { loadConfig } from '../config.ts';

/** A real Node server that answers the client address it works out for each request, with the given TRUSTED_PROXY. */
let config = loadConfig({});
const server = createServer((incoming, response) => response.end(clientAddress(incoming, config) ?? ''));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Asks the server from the loopback address `from`, with these X-Forwarded-For headers. */
function askFrom(from: string, forwarded?: string | string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, localAddress: from, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body));
    });
    sent.on('error', reject).end();
  });
}

describe('the client address behind a reverse proxy', () => {
  it('without TRUSTED_PROXY, is the socket address whatever X-Forwarded-For says', async () => {
    config = loadConfig({});
    expect(await askFrom('127.0.0.5', '198.51.100.7')).toBe('127.0.0.5');
  });

  it('believes X-Forwarded-For only from the proxy: its rightmost address outside the trusted range', async () => {
    config = loadConfig({ TRUSTED_PROXY: '127.0.0.0/30' });
    // Two visitors through the proxy: two addresses, so two rate-limit buckets.
    expect(await askFrom('127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(await askFrom('127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // The visitor wrote the first address itself; the proxy appended the one it heard from.
    expect(await askFrom('127.0.0.2', '10.9.9.9, 198.51.100.7')).toBe('198.51.100.7');
    // Two trusted proxies in a row, and the header given twice.
    expect(await askFrom('127.0.0.1', ['1.1.1.1, 2001:db8::7', '127.0.0.3'])).toBe('2001:db8::7');
    // The proxy appended nothing it could have: the proxy itself.
    expect(await askFrom('127.0.0.1')).toBe('127.0.0.1');
    expect(await askFrom('127.0.0.1', '198.51.100.7, not-an-address')).toBe('127.0.0.1');
    // Anyone else naming somebody in the header is not believed.
    expect(await askFrom('127.0.0.9', '198.51.100.7')).toBe('127.0.0.9');
  });
});

describe('TRUSTED_PROXY', () => {
  it('takes an address or a CIDR block, IPv4 or IPv6, and matches IPv4 written as IPv6', () => {
    const range = addressRange('10.0.0.0/8')!;
    expect(['10.0.0.1', '10.255.255.255', '::ffff:10.1.2.3'].map(range)).toEqual([true, true, true]);
    expect(['11.0.0.1', '9.255.255.255', 'fd00::1', 'nonsense'].map(range)).toEqual([false, false, false, false]);
    const six = addressRange('fd00:ab::/32')!;
    expect(['fd00:ab::1', 'fd00:ab:ffff::', 'FD00:AB:0:0:0:0:0:9'].map(six)).toEqual([true, true, true]);
    expect(['fd00:ac::1', '10.0.0.1'].map(six)).toEqual([false, false]);
    expect(addressRange('::1')!('0:0:0:0:0:0:0:1')).toBe(true);
    expect(addressRange('192.0.2.1')!('192.0.2.2')).toBe(false);
  });

  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0/8', '300.1.1.1', 'fd00::/129', '1:2:3:4:5:6:7:8:9', '10.0.0.0/8/1', '10.0.0.0/'])(
    'refuses %s with a clear message',
    (value) => {
      expect(() => loadConfig({ TRUSTED_PROXY: value })).toThrow('TRUSTED_PROXY: must be the IP address or CIDR block of the reverse proxy, such as 127.0.0.1 or 10.0.0.0/8');
    },
  );
});
