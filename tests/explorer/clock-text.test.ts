/** One clock on a page (issue 37): relative times, payment expiries and "generated" times against the service clock. */
import { describe, expect, it } from "vitest";
import { activityText, deviceTimeText, expiryText, generatedText, realTimeNote } from "@/lib/explorer/clock-text";
import { relativeTime } from "@/lib/explorer/format";

const SNAPSHOT = { mode: "snapshot", asOf: "2026-07-16T23:59:59+09:00" } as const;
const LIVE = { mode: "live", asOf: "2026-12-02T03:00:00.000Z" } as const;

describe("relative times against the snapshot's as-of", () => {
  const now = "2026-07-16T14:59:59.000Z"; // the end of the snapshot's last day, KST

  it("says a filing dated after the as-of is later, never 'today'", () => {
    expect(relativeTime("2026-07-17T14:59:59.999Z", now)).toBe("1 day later");
    expect(relativeTime("2026-09-10T14:59:59.999Z", now)).toBe("56 days later");
    expect(relativeTime("2026-07-18T05:00:00.000Z", now)).toBe("1 day later");
  });

  it("writes long spans in months and years, not thousands of days", () => {
    expect(relativeTime("2026-05-16T14:59:59.999Z", now)).toBe("2 months ago");
    expect(relativeTime("2022-08-16T14:59:59.999Z", now)).toBe("3 years ago");
    expect(relativeTime("2026-06-20T14:59:59.999Z", now)).toBe("26 days ago");
  });
});

describe("payment expiry", () => {
  const offeredAt = Date.parse("2026-12-02T03:17:00.000Z");

  it("offline is a duration only: the snapshot's clock has no time of day to pin it to", () => {
    expect(expiryText(300, offeredAt, SNAPSHOT)).toBe("5 minutes after signing");
    expect(expiryText(60, offeredAt, SNAPSHOT)).toBe("1 minute after signing");
  });

  it("live adds the KST time of day, on the wall clock every live time uses", () => {
    expect(expiryText(300, offeredAt, LIVE)).toBe("5 minutes after signing (until about 12:22 KST)");
  });
});

describe("generated and device times", () => {
  it("offline names a summary written after the snapshot's day as such, not as a second 'now'", () => {
    expect(generatedText("2026-12-02T03:17:00.000Z", SNAPSHOT)).toBe(
      "written on this machine after the snapshot's last day (2026-07-16), at 2026-12-02 12:17 KST",
    );
    expect(generatedText("2026-07-15T03:17:00.000Z", SNAPSHOT)).toBe("2026-07-15 12:17 KST");
  });

  it("live states how long ago against the same clock", () => {
    const now = Date.parse("2026-12-02T06:20:00.000Z");
    expect(generatedText("2026-12-02T03:17:00.000Z", LIVE, now)).toBe("2026-12-02 12:17 KST (3 h ago)");
    expect(generatedText("2026-12-02T06:15:00.000Z", LIVE, now)).toBe("2026-12-02 15:15 KST (5 min ago)");
  });

  it("names the device's clock offline", () => {
    expect(deviceTimeText("2026-12-02T03:17:00.000Z", SNAPSHOT)).toBe("2026-12-02 12:17 KST (this device's clock)");
    expect(deviceTimeText("2026-12-02T03:17:00.000Z", LIVE)).toBe("2026-12-02 12:17 KST");
  });
});

describe("watchlist activity times (created, delivered, matched)", () => {
  it("live: the KST time and how long ago, on the one clock", () => {
    const now = Date.parse("2026-12-02T06:20:00.000Z");
    expect(activityText("2026-12-02T06:19:30.000Z", LIVE, now)).toBe("2026-12-02 15:19 KST (just now)");
    expect(activityText("2026-11-20T06:19:30.000Z", LIVE, now)).toBe("2026-11-20 15:19 KST");
    expect(realTimeNote(LIVE)).toBeNull();
  });

  it("offline: the KST time only, never 'ago' against the snapshot's day, and one note saying why", () => {
    const now = Date.parse("2026-12-02T06:20:00.000Z");
    expect(activityText("2026-12-02T06:19:30.000Z", SNAPSHOT, now)).toBe("2026-12-02 15:19 KST");
    expect(realTimeNote(SNAPSHOT)).toBe(
      "Watchlists and deliveries work in real time, after the snapshot's last day (2026-07-16): their times are this machine's clock, in KST.",
    );
  });
});
