/** The explorer's display arithmetic: feed times, relative times, chart axes and the event-type picker's order. */
import { describe, expect, it } from "vitest";
import { axisTicks, formatSeenAt, knowsTimeOfDay, orderByCount, relativeTime } from "@/lib/explorer/format";

describe("feed times", () => {
  it("prints a time of day in KST when one is known, the day alone for a filing placed at its day's last second", () => {
    expect(formatSeenAt("2026-07-16T05:05:00.000Z")).toBe("2026-07-16 14:05 KST");
    expect(formatSeenAt("2026-07-16T14:59:59.999Z")).toBe("2026-07-16 (KST)");
    expect(knowsTimeOfDay("2026-07-16T05:05:00.000Z")).toBe(true);
    expect(knowsTimeOfDay("2026-07-16T14:59:59.999Z")).toBe(false);
  });

  it("says how long ago in minutes, hours and days against the view's clock", () => {
    const now = "2026-07-16T06:00:00.000Z";
    expect(relativeTime("2026-07-16T05:59:30.000Z", now)).toBe("just now");
    expect(relativeTime("2026-07-16T05:48:00.000Z", now)).toBe("12 min ago");
    expect(relativeTime("2026-07-16T03:00:00.000Z", now)).toBe("3 h ago");
    expect(relativeTime("2026-07-15T05:00:00.000Z", now)).toBe("1 day ago");
    expect(relativeTime("2026-07-12T05:00:00.000Z", now)).toBe("4 days ago");
    // A clock slightly behind the filing's time is not "in the future".
    expect(relativeTime("2026-07-16T06:00:10.000Z", now)).toBe("just now");
  });

  it("counts KST days for a filing known only by its day", () => {
    const now = "2026-07-16T14:59:59.000Z"; // 23:59:59 KST on the 16th
    expect(relativeTime("2026-07-16T14:59:59.999Z", now)).toBe("today");
    expect(relativeTime("2026-07-15T14:59:59.999Z", now)).toBe("yesterday");
    expect(relativeTime("2026-07-13T14:59:59.999Z", now)).toBe("3 days ago");
    // 00:30 KST on the 17th: the 16th is yesterday though under a day has passed.
    expect(relativeTime("2026-07-16T14:59:59.999Z", "2026-07-16T15:30:00.000Z")).toBe("yesterday");
  });
});

describe("axisTicks", () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [4, [0, 1, 2, 3, 4]],
    [7, [0, 2, 4, 6, 8]],
    [12, [0, 5, 10, 15]],
    [57, [0, 20, 40, 60]],
    [287, [0, 100, 200, 300]],
    [1000, [0, 200, 400, 600, 800, 1000]],
  ])("runs from 0 past %i in even round steps", (max, ticks) => {
    expect(axisTicks(max)).toEqual(ticks);
  });

  it("always reaches the maximum in at most five equal steps", () => {
    for (let max = 0; max <= 5000; max += 7) {
      const ticks = axisTicks(max);
      const step = ticks[1] - ticks[0];
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1).toBeLessThanOrEqual(5);
      ticks.forEach((t, i) => expect(t).toBe(i * step));
    }
  });
});

describe("orderByCount", () => {
  it("lists types with filings first, most first, then the rest A-Z", () => {
    const choices = [
      { eventType: "C", label: "Charlie" },
      { eventType: "A", label: "Alpha" },
      { eventType: "B", label: "Bravo" },
      { eventType: "D", label: "Delta" },
    ];
    const counts = new Map([
      ["D", 2],
      ["B", 5],
    ]);
    expect(orderByCount(choices, counts).map((c) => c.eventType)).toEqual(["B", "D", "A", "C"]);
  });
});
