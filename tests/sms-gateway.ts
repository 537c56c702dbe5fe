import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the HTTP SMS provider, on loopback: records what it is sent (in the order
 * it arrives), answers `status`, and waits `delayMs` before answering (two outbox runs then
 * overlap, as they can in production).
 */
export async function fakeGateway() {
  const received: { to: string; body: string; authorization?: string }[] = [];
  const state = { status: 200, delayMs: 0 };
  const server: Server = createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.status === 200) received.push({ ...JSON.parse(text), authorization: request.headers.authorization });
    response.writeHead(state.status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    received,
    state,
    /** The texts a number was sent. */
    to: (phone: string) => received.filter((text) => text.to === phone).map((text) => text.body),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
export type FakeGateway = Awaited<ReturnType<typeof fakeGateway>>;
