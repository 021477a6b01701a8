// Password authentication in front of the embedded database's socket.
// @electric-sql/pglite-socket accepts every connection (PGlite answers a
// startup message with AuthenticationOk and has no authentication hook), while
// `supabase start` exposes postgresql://postgres:postgres@127.0.0.1:54322/postgres
// behind SCRAM-SHA-256. So the TCP port is served here: the startup message and
// a SCRAM-SHA-256 exchange (RFC 5802/7677, as PostgreSQL's auth-scram.c does it)
// are handled first; only an authenticated connection is joined to the PGlite
// socket server, which listens on a Unix socket in a private (0700) folder,
// with the client's original startup message replayed to it.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const ITERATIONS = 4096;
/** A startup or authentication message larger than this is not one. */
const MAX_HANDSHAKE_MESSAGE = 10_000;

export interface AuthProxyOptions {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Where the unauthenticated upstream listens (a Unix socket path). */
  upstreamPath: string;
}

export interface AuthProxy {
  stop(): Promise<void>;
}

/** A private folder for the upstream Unix socket; removed by the caller on stop. */
export function privateSocketDir(): { dir: string; socketPath: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-'));
  // mkdtemp creates the folder with mode 0700: only this user can reach the socket.
  return { dir, socketPath: path.join(dir, '.s.PGSQL') };
}

export function removeSocketDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function authMessage(code: number, data?: Buffer): Buffer {
  const c = Buffer.alloc(4);
  c.writeInt32BE(code, 0);
  return message('R', data ? Buffer.concat([c, data]) : c);
}

/** ErrorResponse with severity FATAL, as the postmaster sends it before closing. */
export function fatal(code: string, text: string): Buffer {
  const fields = [`SFATAL`, `VFATAL`, `C${code}`, `M${text}`].map((f) => Buffer.from(`${f}\0`, 'utf8'));
  return message('E', Buffer.concat([...fields, Buffer.from([0])]));
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

function scramAttributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq === 1) out.set(part[0]!, part.slice(2));
  }
  return out;
}

export function startAuthProxy(opts: AuthProxyOptions): Promise<AuthProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    handle(client, opts, sockets);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve({
        stop: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

function handle(client: net.Socket, opts: AuthProxyOptions, sockets: Set<net.Socket>): void {
  let buffer = Buffer.alloc(0);
  let phase: 'startup' | 'sasl-initial' | 'sasl-final' | 'joined' = 'startup';
  let startup: Buffer | undefined;
  let user = '';
  let database = '';
  let clientFirstBare = '';
  let serverFirst = '';
  let nonce = '';
  let gs2Header = '';
  const salt = randomBytes(16);

  const refuse = (code: string, text: string) => {
    phase = 'joined';
    client.removeAllListeners('data');
    client.end(fatal(code, text));
  };
  const authFailed = () => refuse('28P01', `password authentication failed for user "${user}"`);

  const join = () => {
    phase = 'joined';
    client.removeAllListeners('data');
    client.pause();
    const upstream = net.createConnection(opts.upstreamPath);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.once('connect', () => {
      upstream.write(startup!);
      if (buffer.length) upstream.write(buffer);
      buffer = Buffer.alloc(0);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  };

  const onStartup = (packet: Buffer): void => {
    const code = packet.readInt32BE(4);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      client.write('N');
      return;
    }
    if (code === CANCEL_REQUEST) {
      // PGlite cannot cancel a running statement; the postmaster closes such connections silently.
      phase = 'joined';
      client.end();
      return;
    }
    // Protocol 3.x (196608 = 3.0); PGlite's own startup handling negotiates minor versions.
    if (code >> 16 !== 3) {
      return refuse(
        '0A000',
        `unsupported frontend protocol ${code >> 16}.${code & 0xffff}: server supports 3.0 to 3.0`,
      );
    }
    const params = packet.subarray(8).toString('utf8').split('\0');
    const values = new Map<string, string>();
    for (let i = 0; i + 1 < params.length && params[i] !== ''; i += 2) values.set(params[i]!, params[i + 1]!);
    user = values.get('user') ?? '';
    database = values.get('database') || user;
    if (!user) return refuse('28000', 'no PostgreSQL user name specified in startup packet');
    startup = packet;
    phase = 'sasl-initial';
    client.write(authMessage(10, Buffer.from('SCRAM-SHA-256\0\0', 'utf8')));
  };

  const onSaslInitial = (body: Buffer): void => {
    const end = body.indexOf(0);
    const mechanism = body.subarray(0, end).toString('utf8');
    if (mechanism !== 'SCRAM-SHA-256') {
      return refuse('08P01', 'client selected an invalid SASL authentication mechanism');
    }
    const len = body.readInt32BE(end + 1);
    const clientFirst = body.subarray(end + 5, end + 5 + Math.max(len, 0)).toString('utf8');
    // gs2-header: "n,," or "y,," (no channel binding: this socket has no TLS).
    const m = /^([ny]),(a=[^,]*)?,(.*)$/.exec(clientFirst);
    if (!m) return refuse('08P01', 'malformed SCRAM message');
    gs2Header = `${m[1]},${m[2] ?? ''},`;
    clientFirstBare = m[3]!;
    const clientNonce = scramAttributes(clientFirstBare).get('r');
    if (!clientNonce) return refuse('08P01', 'malformed SCRAM message');
    nonce = clientNonce + randomBytes(18).toString('base64');
    serverFirst = `r=${nonce},s=${salt.toString('base64')},i=${ITERATIONS}`;
    phase = 'sasl-final';
    client.write(authMessage(11, Buffer.from(serverFirst, 'utf8')));
  };

  const onSaslFinal = (body: Buffer): void => {
    const clientFinal = body.toString('utf8');
    const proofAt = clientFinal.lastIndexOf(',p=');
    if (proofAt < 0) return refuse('08P01', 'malformed SCRAM message');
    const withoutProof = clientFinal.slice(0, proofAt);
    const attrs = scramAttributes(withoutProof);
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');
    if (attrs.get('r') !== nonce || attrs.get('c') !== Buffer.from(gs2Header).toString('base64')) {
      return refuse('08P01', 'SCRAM channel binding check failed');
    }
    // PostgreSQL runs the whole exchange for an unknown user too (a mock
    // verifier) and reports the same failure, so it does not reveal users.
    const salted = pbkdf2Sync(opts.password, salt, ITERATIONS, 32, 'sha256');
    const clientKey = hmac(salted, 'Client Key');
    const storedKey = sha256(clientKey);
    const authMsg = `${clientFirstBare},${serverFirst},${withoutProof}`;
    const signature = hmac(storedKey, authMsg);
    if (proof.length !== signature.length) return authFailed();
    const recovered = Buffer.alloc(proof.length);
    for (let i = 0; i < proof.length; i++) recovered[i] = proof[i]! ^ signature[i]!;
    if (user !== opts.user || !timingSafeEqual(sha256(recovered), storedKey)) return authFailed();
    const serverSignature = hmac(hmac(salted, 'Server Key'), authMsg);
    client.write(authMessage(12, Buffer.from(`v=${serverSignature.toString('base64')}`, 'utf8')));
    if (database !== opts.database) return refuse('3D000', `database "${database}" does not exist`);
    join();
  };

  client.on('error', () => client.destroy());
  client.setTimeout(60_000, () => {
    if (phase !== 'joined') client.destroy();
  });
  client.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    try {
      while (phase !== 'joined') {
        if (phase === 'startup') {
          if (buffer.length < 8) return;
          const len = buffer.readInt32BE(0);
          if (len < 8 || len > MAX_HANDSHAKE_MESSAGE) return refuse('08P01', 'invalid length of startup packet');
          if (buffer.length < len) return;
          const packet = buffer.subarray(0, len);
          buffer = buffer.subarray(len);
          onStartup(packet);
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const len = buffer.readInt32BE(1);
        if (len < 4 || len > MAX_HANDSHAKE_MESSAGE) return refuse('08P01', 'invalid message length');
        if (buffer.length < len + 1) return;
        const body = buffer.subarray(5, len + 1);
        buffer = buffer.subarray(len + 1);
        if (type === 'X') {
          phase = 'joined';
          client.end();
          return;
        }
        if (type !== 'p') {
          return refuse('08P01', `expected SASL response, got message type ${type.charCodeAt(0)}`);
        }
        if (phase === 'sasl-initial') onSaslInitial(body);
        else onSaslFinal(body);
      }
    } catch {
      refuse('08P01', 'invalid authentication message');
    }
  });
}
