/** Small helpers shared by the DART client and ingest tests. */
import type { Clock } from "@/lib/clock";
import { createDartClient, type DartClient, type DartClientOptions } from "@/lib/dart";
import type { FakeDartServer } from "../../dev/support/fake-dart-server";

/** A clock that stays where it is put: `clock.set("2022-01-03T15:00:00+09:00")`. */
export function settableClock(iso: string): Clock & { set(iso: string): void; advance(ms: number): void } {
  let at = new Date(iso);
  return {
    snapshotAsOf: null,
    now: () => new Date(at),
    set(next) {
      at = new Date(next);
    },
    advance(ms) {
      at = new Date(at.getTime() + ms);
    },
  };
}

/** A client of the fake server whose waits are recorded instead of slept. */
export function recordingClient(
  server: FakeDartServer,
  options: DartClientOptions = {},
): DartClient & { sleeps: number[] } {
  const sleeps: number[] = [];
  const client = createDartClient({
    baseUrl: server.baseUrl,
    apiKey: server.apiKey,
    timeoutMs: 2_000,
    maxRetries: 2,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return Object.assign(client, { sleeps });
}
