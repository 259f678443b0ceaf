/**
 * A production server of the explorer started the way the README starts it (`npm start`,
 * dev/support/server-process.ts), on a free port with a fresh data folder, for specs that need
 * their own configuration (live mode against the stand-in OpenDART server). The shared snapshot
 * server is playwright.config.ts's.
 */
import { startServerProcess } from "../../../dev/support/server-process";

export interface ExplorerServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startExplorerServer(extraEnv: Record<string, string>): Promise<ExplorerServer> {
  const server = await startServerProcess({
    quiet: true,
    unset: ["FACILITATOR_URL", "OPENAI_API_KEY"],
    env: { LOCAL_CHAIN_PORT: "0", ...extraEnv },
  });
  return { baseURL: server.base, dataDir: server.dataDir, stop: () => server.stop() };
}
