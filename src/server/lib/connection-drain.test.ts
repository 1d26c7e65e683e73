import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRawConnection, rawCreatePromptRequest, statusLine } from '../test/raw-http';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { trackConnections } from './graceful-shutdown';

// The app stopped while requests sit unread on connections it has accepted (or that still wait in the
// listen backlog): every one of them gets its real answer. The drain starts in the same tick as the
// requests are written, before the server has had a chance to read any of them.

let t: TestApp;
let editor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.register();
});
afterAll(() => t.close());

describe('stopping with requests not yet read', () => {
  it('answers every request sent on a connection opened before the stop, then closes the connections', async () => {
    const connections = trackConnections(t.app.server);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    // A keep-alive connection that has been served and sits idle: it is closed, no answer being owed.
    const idle = openRawConnection(port);
    await idle.connected;
    idle.socket.write(rawCreatePromptRequest(editor.token, 'Served before the stop'));
    await idle.wholeAnswer();

    const clients = Array.from({ length: 20 }, () => openRawConnection(port));
    await Promise.all(clients.map((c) => c.connected));
    clients.forEach((c, i) => c.socket.write(rawCreatePromptRequest(editor.token, `Unread at the stop ${i}`)));
    const stopped = connections.drain().then(() => t.app.close());

    const answers = await Promise.all(clients.map((c) => c.answer));
    await stopped;
    for (const [i, a] of answers.entries()) {
      expect(a.error, `client ${i}`).toBeUndefined();
      expect(statusLine(a), `client ${i}: ${a.text.slice(0, 200)}`).toBe('HTTP/1.1 201 Created');
      expect(a.text).toMatch(/^connection: close$/im);
    }
    expect((await idle.answer).error).toBeUndefined();
  });
});
