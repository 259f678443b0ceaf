/**
 * Who has an embedded (PGlite) data folder open. PGlite admits one process per folder, so the
 * process that opens it records itself in `<dataDir>/pglite-owner.json`; one that shares the
 * database (the web server) adds the local socket it serves it on, which the operations scripts
 * then connect to with node-postgres instead of opening the folder. A record whose process is
 * gone is stale and ignored.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

interface OwnerRecord {
  pid: number;
  /** Where the owner serves the database; absent when it does not share it. */
  host?: string;
  port?: number;
}

export type EmbeddedDatabaseClaim =
  /** Another process serves the folder's database at `url`. */
  | { kind: "shared"; url: string }
  /** This process may open the folder, and must release it once closed. */
  | {
      kind: "owner";
      /** Serves `db` on a loopback port and records it, until `stop`. */
      serve(db: PGlite): Promise<{ stop(): Promise<void> }>;
      release(): Promise<void>;
    };

/** Connections the socket server accepts at once: the scripts use one each. */
const MAX_SOCKET_CONNECTIONS = 8;
const ANSWER_TIMEOUT_MS = 2_000;

export function embeddedOwnerFile(dataDir: string): string {
  return path.resolve(dataDir, "pglite-owner.json");
}

export async function claimEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabaseClaim> {
  const file = embeddedOwnerFile(dataDir);
  const owner = await readOwner(file);
  if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
    if (owner.host && owner.port) {
      if (await answers(owner.host, owner.port)) {
        return { kind: "shared", url: `postgres://postgres@${owner.host}:${owner.port}/postgres` };
      }
      throw new Error(
        `The embedded database in ${dataDir} is open in process ${owner.pid}, whose socket ${owner.host}:${owner.port} does not answer`,
      );
    }
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${owner.pid}, which does not share it: try again when it has finished`,
    );
  }

  await mkdir(path.dirname(file), { recursive: true });
  await writeOwner(file, { pid: process.pid });
  return {
    kind: "owner",
    async serve(db) {
      const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
      const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: MAX_SOCKET_CONNECTIONS });
      await server.start();
      const [host, port] = server.getServerConn().split(":");
      await writeOwner(file, { pid: process.pid, host, port: Number(port) });
      return {
        async stop() {
          await writeOwner(file, { pid: process.pid });
          await server.stop();
        },
      };
    },
    async release() {
      if ((await readOwner(file))?.pid === process.pid) await rm(file, { force: true });
    },
  };
}

async function readOwner(file: string): Promise<OwnerRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(file, "utf8")) as OwnerRecord;
    return Number.isInteger(record.pid) ? record : undefined;
  } catch {
    return undefined; // absent, or torn by a crash mid-write: nobody to defer to
  }
}

async function writeOwner(file: string, record: OwnerRecord): Promise<void> {
  await writeFile(file, `${JSON.stringify(record)}\n`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, someone else's
  }
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: ANSWER_TIMEOUT_MS });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}
