"use client";
import { createContext, useContext } from "react";
import type { PageClock } from "@/lib/explorer/clock-text";

const ServiceClockContext = createContext<PageClock>({ mode: "live", asOf: null });

/** Hands the service clock (the layout's data freshness) to the client parts that state times. */
export function ServiceClockProvider({ clock, children }: { clock: PageClock; children: React.ReactNode }) {
  return <ServiceClockContext.Provider value={clock}>{children}</ServiceClockContext.Provider>;
}

/** The service clock: offline, the snapshot's as-of; live, the wall clock (asOf: the last poll). */
export function useServiceClock(): PageClock {
  return useContext(ServiceClockContext);
}
