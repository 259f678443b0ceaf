/**
 * What admission (./admission.ts) keeps per client before any work is done for a request, so one
 * client cannot take the server from the others:
 *
 * - lanes (RATE_LIMIT_CONCURRENT): at most `concurrent` requests of one client in flight, fewer
 *   while other clients are active too (an equal share each, at least one); a few more wait their
 *   turn briefly, the rest are refused at once. The budget per minute alone does not do this: 50
 *   connections of one client spend it in seconds, and the server's one thread serves them first
 *   while everyone else waits behind them — with PGlite, each query of another client's request
 *   waits behind every query the flooder has in flight.
 * - refusals: a client the limit refused, until its Retry-After has passed.
 * - turns: requests start one per turn of the event loop, the client served least recently first
 *   (`createTurns`).
 *
 * All are in this process only: lanes and turns are about this server's own thread, and a
 * refusal is a cache of the limit's verdict (the limit's store stays the one that decides).
 */

export interface LaneOptions {
  /** Requests of one client in flight at a time. */
  concurrent: number;
  /** Requests of one client that may wait for a lane; beyond that they are refused at once. */
  waiting?: number;
  /** How long a request waits for a lane before it is refused. */
  waitMs?: number;
  /**
   * A client is active while its last request is this recent: while several are, each gets an
   * equal share of `concurrent` (at least one).
   */
  activeMs?: number;
}

/** Lets the next request of the client in; call once, when the request's answer is over. */
export type Release = () => void;

export interface Lanes {
  /** A release when the request may go on (now or after waiting), null when it is refused. */
  enter(client: string): Release | null | Promise<Release | null>;
  /** Requests in flight and waiting, over all clients (tests, diagnostics). */
  load(): { running: number; waiting: number };
}

interface Lane {
  running: number;
  queue: ((admitted: boolean) => void)[];
}

export function createLanes({
  concurrent,
  waiting = concurrent * 8,
  waitMs = 5_000,
  activeMs = 1_000,
}: LaneOptions): Lanes {
  const lanes = new Map<string, Lane>();
  const seen = new Map<string, number>();
  let active = 1;
  let countedAt = 0;
  /** Each client's share of the lanes: all of them alone, fewer while others are active too. */
  const share = (now: number) => {
    if (now - countedAt >= Math.min(250, activeMs)) {
      countedAt = now;
      active = 0;
      for (const [client, at] of seen) {
        if (now - at > activeMs) seen.delete(client);
        else active++;
      }
    }
    return Math.max(1, Math.floor(concurrent / Math.max(1, active)));
  };

  /** Lets waiting requests in while the client is below its share. */
  const drain = (client: string, lane: Lane) => {
    const lanesNow = share(Date.now());
    while (lane.running < lanesNow && lane.queue.length) {
      lane.running++;
      lane.queue.shift()!(true);
    }
    if (!lane.running && !lane.queue.length) lanes.delete(client);
  };

  const releaseOf = (client: string, lane: Lane): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      lane.running--;
      drain(client, lane);
    };
  };

  return {
    enter(client) {
      const now = Date.now();
      if (!seen.has(client)) countedAt = 0; // a new client: count again now
      seen.set(client, now);
      let lane = lanes.get(client);
      if (!lane) lanes.set(client, (lane = { running: 0, queue: [] }));
      if (lane.running < share(now)) {
        lane.running++;
        return releaseOf(client, lane);
      }
      if (lane.queue.length >= waiting) return null;
      const held = lane;
      return new Promise<Release | null>((settle) => {
        const admit = (admitted: boolean) => {
          clearTimeout(timer);
          settle(admitted ? releaseOf(client, held) : null);
        };
        const timer = setTimeout(() => {
          held.queue.splice(held.queue.indexOf(admit), 1);
          admit(false);
        }, waitMs);
        held.queue.push(admit);
      });
    },
    load() {
      let running = 0;
      let queued = 0;
      for (const lane of lanes.values()) {
        running += lane.running;
        queued += lane.queue.length;
      }
      return { running, waiting: queued };
    },
  };
}

/** What the limit's refusal said, kept to say it again. */
export interface Refusal {
  until: number;
  /** The limit's RateLimit-Policy and RateLimit-Limit headers, as it sent them. */
  headers: Record<string, string>;
}

/** Clients the limit refused, until their Retry-After has passed. */
export function createRefusals(maxClients = 100_000) {
  const refused = new Map<string, Refusal>();
  return {
    refuse(client: string, refusal: Refusal): void {
      if (refused.size >= maxClients) {
        const now = Date.now();
        for (const [key, { until }] of refused) if (until <= now) refused.delete(key);
        if (refused.size >= maxClients) return; // a cache: forgetting costs only a trip to the limit
      }
      refused.set(client, refusal);
    },
    /** The refusal still in force for the client, if any. */
    of(client: string, now = Date.now()): Refusal | undefined {
      const refusal = refused.get(client);
      if (!refusal) return undefined;
      if (refusal.until > now) return refusal;
      refused.delete(client);
      return undefined;
    },
  };
}

/** Starts requests fairly among clients (below). */
export interface Turns {
  /** Runs `start` now, or queued behind one request of each client already waiting. */
  start(client: string, start: () => void): void;
  /** Requests waiting for their turn (tests, diagnostics). */
  waiting(): number;
}

/**
 * One request starts per turn of the event loop, the waiting client whose last start is the
 * oldest first. A turn reads every socket that is ready, so fifty requests of one client arriving
 * together would all start in that one turn, and with PGlite in process a request runs to its end
 * inside its start (promise callbacks, no I/O): a request from anyone else arriving meanwhile
 * waited for the next turn's read, behind all fifty. Queued here, it starts next: a client that
 * has just been served waits behind one that has not (in plain rotation, a client arriving after
 * a busy one's queue waited for one more of the busy one's requests, each a full request's time).
 * Idle, a request starts at once.
 */
export function createTurns(maxRemembered = 10_000): Turns {
  const queues = new Map<string, (() => void)[]>();
  /** When each client last started a request (a counter, not a clock). */
  const lastStart = new Map<string, number>();
  let starts = 0;
  let turnTaken = false;
  const started = (client: string) => {
    if (lastStart.size >= maxRemembered) lastStart.clear(); // forgetting only puts a client first once
    lastStart.delete(client);
    lastStart.set(client, ++starts);
  };
  const next = () => {
    let chosen: string | undefined;
    let oldest = Infinity;
    for (const client of queues.keys()) {
      const at = lastStart.get(client) ?? 0;
      if (at < oldest) [chosen, oldest] = [client, at];
    }
    if (chosen === undefined) {
      turnTaken = false;
      return;
    }
    const queue = queues.get(chosen)!;
    const start = queue.shift()!;
    if (!queue.length) queues.delete(chosen);
    started(chosen);
    setImmediate(next); // the next start comes after the next turn's read
    start();
  };
  return {
    start(client, start) {
      if (!turnTaken) {
        turnTaken = true;
        setImmediate(next);
        started(client);
        return start();
      }
      const queue = queues.get(client);
      if (queue) queue.push(start);
      else queues.set(client, [start]);
    },
    waiting() {
      let count = 0;
      for (const queue of queues.values()) count += queue.length;
      return count;
    },
  };
}
