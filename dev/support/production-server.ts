/**
 * The production build for end-to-end tests and benchmarks: `next start` (through `npm start`,
 * which starts a local payment chain beside it, or reuses the one the data folder's state file
 * names when it answers) on free ports with a fresh data folder and the bundled snapshot.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "./free-port";
import { stopProcessGroup } from "./process-group";

export interface ProductionServer {
  base: string;
  dataDir: string;
  /** Stops the whole server (its chain included, when it started one) and removes its data folder unless given one. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group, as a crash or the OOM killer would; resolves once it is gone. */
  kill(): Promise<void>;
}

export interface ProductionServerOptions {
  /** Keeps the server's output (not its errors) off the console. */
  quiet?: boolean;
  /** Adds to or overrides its environment. */
  env?: Record<string, string>;
  /** Runs on this data folder (kept on stop), e.g. again after a crash; a fresh one otherwise. */
  dataDir?: string;
  /** Listens on this port, e.g. again after a crash, where its clients retry; a free one otherwise. */
  port?: number;
  /** Called with each line the server writes to stdout. */
  onOutput?: (line: string) => void;
}

/** Starts the server and waits for it to answer. */
export async function startProductionServer({
  quiet = false,
  env: extra = {},
  dataDir: givenDataDir,
  port: givenPort,
  onOutput,
}: ProductionServerOptions = {}): Promise<ProductionServer> {
  const port = givenPort ?? (await freePort());
  const dataDir = givenDataDir ?? mkdtempSync(path.join(tmpdir(), "e2e-"));
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // the embedded default, as the README's first command runs it, unless `env` says otherwise
  delete env.DART_API_KEY;
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_BASE_URL: base,
    LOCAL_CHAIN_PORT: String(await freePort()),
    // A test is one client asking as fast as the machine answers: the per-second burst bucket
    // would refuse it on a quick machine. The minute's budget stays; the bucket has tests of its own.
    RATE_LIMIT_PER_SECOND: "0",
    ...extra,
  });
  const server: ChildProcess = spawn("npm", ["start", "--", "-H", "127.0.0.1", "-p", String(port)], {
    env,
    stdio: ["ignore", onOutput ? "pipe" : quiet ? "ignore" : "inherit", "inherit"],
    detached: true,
  });
  if (onOutput) {
    createInterface({ input: server.stdout! }).on("line", (line) => {
      if (!quiet) console.log(line);
      onOutput(line);
    });
  }
  const stop = async () => {
    await stopProcessGroup(server);
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = () => stopProcessGroup(server, { signal: "SIGKILL" });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("production server did not start");
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, dataDir, stop, kill };
}
