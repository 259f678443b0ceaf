/**
 * The production build for end-to-end tests and benchmarks: `next start` (through `npm start`,
 * which starts a local payment chain beside it) on free ports with a fresh data folder and the
 * bundled snapshot.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";
import { stopProcessGroup } from "./process-group";

export interface ProductionServer {
  base: string;
  dataDir: string;
  /** Stops the whole server (its chain included) and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts the server and waits for it to answer; `quiet` keeps its output (not its errors) off the
 * console, `env` adds to or overrides its environment.
 */
export async function startProductionServer({
  quiet = false,
  env: extra = {},
}: { quiet?: boolean; env?: Record<string, string> } = {}): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-"));
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_BASE_URL: base,
    LOCAL_CHAIN_PORT: String(await freePort()),
    ...extra,
  };
  delete env.DATABASE_URL; // the embedded default, as the README's first command runs it
  delete env.DART_API_KEY;
  const server: ChildProcess = spawn("npm", ["start", "--", "-H", "127.0.0.1", "-p", String(port)], {
    env,
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
    detached: true,
  });
  const stop = async () => {
    await stopProcessGroup(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
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
  return { base, dataDir, stop };
}
