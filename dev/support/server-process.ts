/**
 * The one way tests and benchmarks start a server: a process of its own (its own process group,
 * stopped or killed as a whole) on a free loopback port, waited for until `readyPath` answers.
 * By default it is the production build as the README starts it — `npm start` (the self-hosted
 * server, lib/server, with a local payment chain beside it, or the one the data folder's state
 * file names when it answers) — with a fresh data folder, the embedded database and the bundled
 * snapshot; `command` starts anything else (the benchmarks' bare Next.js floor).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "./free-port";
import { stopProcessGroup } from "./process-group";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  base: string;
  dataDir: string;
  /** The server's process group (for its CPU time). */
  pid: number;
  /** Output written to stderr so far. */
  stderr(): string;
  /** SIGTERM to the whole group (or `signal`), as a terminal's Ctrl-C or a service manager sends; removes the data folder unless given one or told to keep it. */
  stop(options?: { keepDataDir?: boolean; signal?: NodeJS.Signals }): Promise<void>;
  /** SIGKILL to the whole process group, as a crash or the OOM killer would; resolves once it is gone. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Keeps the server's output (not its errors) off the console. */
  quiet?: boolean;
  /** Adds to or overrides its environment (after the defaults below). */
  env?: Record<string, string>;
  /** Variables of this process's environment the server must not inherit (beyond DATABASE_URL and DART_API_KEY). */
  unset?: string[];
  /** Runs on this data folder (kept on stop), e.g. again after a crash; a fresh one otherwise. */
  dataDir?: string;
  /** Listens on this port, e.g. again after a crash, where its clients retry; a free one otherwise. */
  port?: number;
  /** Called with each line the server writes to stdout. */
  onOutput?: (line: string) => void;
  /** What to run, given the port: `npm start -- -H 127.0.0.1 -p PORT` in this repository unless told. */
  command?: (port: number) => { file: string; args: string[]; cwd?: string };
  /** The path that answers 2xx once the server is ready. */
  readyPath?: string;
  timeoutMs?: number;
}

/** Starts the server and waits for it to answer. */
export async function startServerProcess({
  quiet = false,
  env: extra = {},
  unset = [],
  dataDir: givenDataDir,
  port: givenPort,
  onOutput,
  command = (port) => ({ file: "npm", args: ["start", "--", "-H", "127.0.0.1", "-p", String(port)] }),
  readyPath = "/api/health",
  timeoutMs = 180_000,
}: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = givenPort ?? (await freePort());
  const dataDir = givenDataDir ?? mkdtempSync(path.join(tmpdir(), "server-"));
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The embedded default and the bundled snapshot, as the README's first command runs it, unless `env` says otherwise.
  for (const name of ["DATABASE_URL", "DART_API_KEY", ...unset]) delete env[name];
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_BASE_URL: base,
    LOCAL_CHAIN_PORT: String(await freePort()),
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  });
  const { file, args, cwd = REPO_ROOT } = command(port);
  const child: ChildProcess = spawn(file, args, {
    cwd,
    env,
    stdio: ["ignore", onOutput ? "pipe" : quiet ? "ignore" : "inherit", "pipe"],
    detached: true, // its own process group, signalled as a whole; the start script then saves and stops the chain
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  if (onOutput) {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!quiet) console.log(line);
      onOutput(line);
    });
  }
  const stop = async ({ keepDataDir = false, signal }: { keepDataDir?: boolean; signal?: NodeJS.Signals } = {}) => {
    await stopProcessGroup(child, { signal });
    if (!givenDataDir && !keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const server: ServerProcess = {
    base,
    dataDir,
    pid: child.pid!,
    stderr: () => stderr,
    stop,
    kill: () => stopProcessGroup(child, { signal: "SIGKILL" }),
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) return server;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        `${file} ${args.join(" ")} ${child.exitCode !== null ? `exited with ${child.exitCode}` : "did not answer"} ${readyPath}:\n${stderr.slice(-2_000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The production server as the end-to-end tests run it: one client asking as fast as the machine
 * answers, so the per-second burst bucket (which has tests of its own) is off; the minute's
 * budget stays.
 */
export function startProductionServer(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  return startServerProcess({ ...options, env: { RATE_LIMIT_PER_SECOND: "0", ...options.env } });
}
