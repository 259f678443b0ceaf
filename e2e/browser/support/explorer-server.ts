/**
 * A production server of the explorer started the way the README starts it (`npm start`), on a
 * free port with a fresh data folder, for specs that need their own configuration (live mode
 * against the stand-in OpenDART server). The shared snapshot server is playwright.config.ts's.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../../dev/support/free-port";
import { stopProcessGroup } from "../../../dev/support/process-group";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

export interface ExplorerServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startExplorerServer(extraEnv: Record<string, string>): Promise<ExplorerServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "explorer-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_BASE_URL: baseURL,
    LOCAL_CHAIN_PORT: "0",
  };
  for (const name of ["DATABASE_URL", "DART_API_KEY", "FACILITATOR_URL", "OPENAI_API_KEY"]) delete env[name];
  Object.assign(env, extraEnv);
  const child = spawn("npm", ["start", "--", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = async () => {
    await stopProcessGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the explorer server did not start");
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseURL, dataDir, stop };
}
