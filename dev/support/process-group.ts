/**
 * Stopping a server the tests started in its own process group (`detached: true`), the way a
 * terminal or a service manager stops it: SIGTERM to the whole group, then wait until every
 * process in it has exited — not just the direct child (npm exits at once and leaves its script
 * to finish), so a test reads the server's data folder only after the server is done with it.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Signals `child`'s group (SIGTERM unless told) and resolves once it is empty; SIGKILL after `graceMs`. */
export async function stopProcessGroup(
  child: ChildProcess,
  { signal = "SIGTERM", graceMs = 30_000 }: { signal?: NodeJS.Signals; graceMs?: number } = {},
): Promise<void> {
  const group = child.pid;
  if (!group || !groupAlive(group)) return;
  try {
    process.kill(-group, signal);
  } catch {
    return; // emptied since we looked
  }
  const deadline = Date.now() + graceMs;
  while (groupAlive(group)) {
    if (Date.now() > deadline) {
      try {
        process.kill(-group, "SIGKILL");
      } catch {
        /* emptied meanwhile */
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * True while a live process is in the group. Read from /proc rather than `kill(-group, 0)`: a
 * process that exited but was not reaped (a zombie, when PID 1 does not reap) still counts there.
 */
function groupAlive(group: number): boolean {
  return groupStats(group).some((fields) => fields[0] !== "Z");
}

/** CPU time (user + system, ms) used so far by the live processes of a group: what a server costs per request. */
export function groupCpuMs(group: number): number {
  // utime and stime are fields 14 and 15 of /proc/PID/stat, in clock ticks (100 per second on Linux).
  return groupStats(group).reduce((ms, fields) => ms + (Number(fields[11]) + Number(fields[12])) * 10, 0);
}

/** The /proc/PID/stat fields after `comm` (state, ppid, pgrp, …) of every process in the group. */
function groupStats(group: number): string[][] {
  const stats: string[][] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited while we looked
    }
    // pid (comm) state ppid pgrp …; comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === group) stats.push(fields);
  }
  return stats;
}
