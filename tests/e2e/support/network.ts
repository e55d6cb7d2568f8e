// A TCP relay between Chromium and the server whose connections a test can cut, to make a real
// network drop: the browser sees its sockets reset, exactly as when Wi-Fi goes away.
//
// Chromium's own offline emulation (context.setOffline / CDP Network.emulateNetworkConditions)
// does not close a WebSocket that is already open (checked with this Chromium: the live socket kept
// working while "offline"), so it cannot stand in for a dropped connection.
import { once } from 'node:events';
import net from 'node:net';
import { BASE_URL } from './api.ts';

export interface DroppableConnection {
  /** http://localhost:<port> of the relay; open pages here instead of BASE_URL. */
  readonly origin: string;
  /** How many TCP connections are open through the relay right now. */
  openConnections(): number;
  /** Resets every open connection (both sides), as a network drop would. New ones still work. */
  dropAll(): void;
  close(): Promise<void>;
}

export async function startDroppableConnection(target = BASE_URL): Promise<DroppableConnection> {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const remote = net.connect({ host: upstream.hostname, port: Number(upstream.port) });
    for (const socket of [client, remote]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A reset is the point of this relay; its errors end the pair, nothing more.
      socket.on('error', () => {
        client.destroy();
        remote.destroy();
      });
    }
    client.on('close', () => remote.destroy());
    remote.on('close', () => client.destroy());
    client.pipe(remote);
    remote.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;

  return {
    // "localhost", not 127.0.0.1: the session cookie is for the host localhost (any port).
    origin: `http://localhost:${port}`,
    openConnections: () => sockets.size / 2,
    dropAll() {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
