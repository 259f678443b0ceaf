/**
 * A PostgreSQL server of a test's own, to stop and start under a running service (the shared one
 * of DATABASE_URL must never be stopped): Debian's PostgreSQL 15 binaries, a cluster made with
 * initdb in a temporary folder, on a free loopback port, trust authentication, no fsync. As root
 * the server runs as the `postgres` user (PostgreSQL refuses root). Suites that need it skip when
 * the binaries are absent (`apt-get install -y postgresql`; `.ci/run` installs it).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

const BIN = "/usr/lib/postgresql/15/bin";

export const postgresInstalled = existsSync(path.join(BIN, "initdb")) && existsSync(path.join(BIN, "pg_ctl"));

export interface TestPostgres {
  /** postgres://ci@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server (fast shutdown: open connections are cut). */
  stop(): void;
  /** Starts it again on the same port, with the same data. */
  start(): void;
  /** Stops it and removes its folder. */
  destroy(): void;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, ids("-u"), ids("-g"));
  }
  const run = (tool: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(BIN, tool), ...args]]
      : [path.join(BIN, tool), args];
    const result = spawnSync(command, commandArgs, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);

  run("initdb", ["-D", data, "-A", "trust", "-U", "ci", "--no-sync", "-E", "UTF8"]);
  start();
  return {
    url: `postgres://ci@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
