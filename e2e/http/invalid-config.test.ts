/**
 * The self-hosted server's own process (server.ts, without `npm start` in front to check the
 * environment first) with an invalid variable stops at once and names it, before it listens,
 * instead of answering every request with a plain-text 500.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { freePort } from "../../dev/support/free-port";

it("stops with the invalid variable named", { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-invalid-config-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: "5000000",
  };
  delete env.DATABASE_URL;
  const server = spawn(
    process.execPath,
    ["--import", "tsx", "server.ts", "start", "-H", "127.0.0.1", "-p", String(await freePort())],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const exitCode = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      server.kill("SIGKILL");
      resolve(null);
    }, 90_000);
    server.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  rmSync(dataDir, { recursive: true, force: true });
  expect(exitCode, output).toBe(1);
  expect(output).toMatch(/RATE_LIMIT_PER_MINUTE/);
  expect(output).toMatch(/not starting/);
});
