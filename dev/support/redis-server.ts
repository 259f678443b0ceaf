/**
 * A throwaway Redis for tests: Debian's redis-server on a free port, nothing written to disk,
 * behind a password (the URL carries a secret, as Upstash's does). Suites that need it skip
 * when the binary is absent (`apt-get install -y redis-server`; `.ci/run` installs it).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { freePort } from "./free-port";

const REDIS_SERVER = "redis-server";

export const redisServerInstalled = spawnSync(REDIS_SERVER, ["--version"], { stdio: "ignore" }).status === 0;

export interface TestRedis {
  /** redis://:<password>@127.0.0.1:<port> */
  url: string;
  password: string;
  /** Stops answering without closing connections (SIGSTOP), until `resume`. */
  pause(): void;
  resume(): void;
  /** Stops the server; `start` brings it back on the same port (empty). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const password = randomBytes(12).toString("hex");
  let server: ChildProcess | undefined;
  const start = async () => {
    const child = spawn(
      REDIS_SERVER,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--requirepass", password],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    server = child;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk;
        if (output.includes("Ready to accept connections")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
    });
  };
  const stop = async () => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return;
    child.kill("SIGCONT"); // a paused server would never see the SIGTERM
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    password,
    pause: () => server?.kill("SIGSTOP"),
    resume: () => server?.kill("SIGCONT"),
    stop,
    start,
  };
}
