import sectorMap from "./data/sector-map.json";
import { issuerTicker, type SectorTag } from "./industry-sectors";

/**
 * Ticker → sector tags, from the committed map that scripts/build-sector-map.ts derives from
 * the KRX listing and WICS membership. Inverted once at load.
 */
const TAGS_BY_TICKER: ReadonlyMap<string, readonly SectorTag[]> = (() => {
  const byTicker = new Map<string, SectorTag[]>();
  for (const [tag, tickers] of Object.entries(sectorMap.sectors)) {
    for (const ticker of tickers) {
      const tags = byTicker.get(ticker);
      if (tags) tags.push(tag as SectorTag);
      else byTicker.set(ticker, [tag as SectorTag]);
    }
  }
  return byTicker;
})();

/**
 * Sector tags (GICS industry groups) of a listed company by ticker; [] when unknown. A
 * preferred share the map does not list takes its issuer's tags.
 */
export function sectorTagsFor(ticker: string): SectorTag[] {
  const tags = TAGS_BY_TICKER.get(ticker) ?? TAGS_BY_TICKER.get(issuerTicker(ticker));
  return tags ? [...tags] : [];
}
