/**
 * The self-hosting recipe, deploy/nginx.conf, run by Debian's nginx in front of a server, for
 * tests and benchmarks: the site as written but for a free loopback port, the given upstream and
 * a throwaway folder, inside a minimal main configuration (one worker, no access log).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";
import { stopProcessGroup } from "./process-group";

const NGINX = "/usr/sbin/nginx";

export const nginxInstalled = (): boolean => spawnSync(NGINX, ["-v"]).status === 0;

export interface RunningNginx {
  /** http://127.0.0.1:PORT */
  base: string;
  stop(): Promise<void>;
}

/** deploy/nginx.conf for this port, upstream and folder; throws if the recipe no longer holds a line it adapts. */
function nginxConfig(dir: string, listen: number, upstream: string): string {
  const site = readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx.conf"), "utf8");
  const replacements: [string, string][] = [
    ["listen 80;", `listen 127.0.0.1:${listen};`],
    ["server 127.0.0.1:3000;", `server ${upstream};`],
    ["/var/cache/nginx/dart-english", path.join(dir, "cache")],
  ];
  let adapted = site;
  for (const [from, to] of replacements) {
    if (!site.includes(from)) throw new Error(`deploy/nginx.conf no longer holds ${from}`);
    adapted = adapted.replace(from, to);
  }
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  return [
    "daemon off;",
    "worker_processes 1;",
    `user ${userInfo().username};`,
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 1024; }",
    `http { access_log off; ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join(" ")}`,
    adapted,
    "}",
  ].join("\n");
}

/** nginx in front of `upstream` (host:port), once it answers /api/health. */
export async function startNginx(upstream: string): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-"));
  mkdirSync(path.join(dir, "cache"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, port, upstream));
  const nginx = spawn(NGINX, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")], {
    stdio: "inherit",
    detached: true,
  });
  const stop = async () => {
    await stopProcessGroup(nginx);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      const log = readFileSync(path.join(dir, "error.log"), "utf8");
      await stop();
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
