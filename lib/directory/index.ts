/**
 * Company search: the listed-company directory, read once and searched in memory
 * (./search.ts, over ./trigrams.ts). The directory changes at most daily, so a copy is
 * answered for a minute and then read again in the background, the old copy answering
 * meanwhile; a search keeps working through a database outage once the copy exists. One copy
 * per database handle, so two databases in one process never mix.
 */
import type { Db } from "@/db";
import { listCompanies } from "@/db/queries";
import { describeError, log } from "@/lib/log";
import { DirectoryIndex, type CompanyMatch } from "./search";

export { DirectoryIndex, type CompanyMatch } from "./search";

/** How long a copy is answered before it is read again: as long as free answers are cached elsewhere. */
const REFRESH_MS = 60_000;
/** An empty copy (a directory not seeded yet) is read again this soon. */
const EMPTY_REFRESH_MS = 1_000;

interface Copy {
  index: DirectoryIndex;
  readAt: number;
  refreshing?: Promise<void>;
}

const copies = new WeakMap<Db, Promise<Copy>>();

const read = async (db: Db): Promise<Copy> => ({
  index: new DirectoryIndex(await listCompanies(db)),
  readAt: Date.now(),
});

async function directoryOf(db: Db): Promise<DirectoryIndex> {
  let pending = copies.get(db);
  if (!pending) {
    pending = read(db);
    copies.set(db, pending);
    pending.catch(() => copies.delete(db)); // the next search tries again
  }
  const copy = await pending;
  const age = Date.now() - copy.readAt;
  if (!copy.refreshing && age > (copy.index.size ? REFRESH_MS : EMPTY_REFRESH_MS)) {
    copy.refreshing = read(db).then(
      (fresh) => void copies.set(db, Promise.resolve(fresh)),
      (err: unknown) => {
        copy.readAt = Date.now(); // keep answering from this copy; try again after another interval
        copy.refreshing = undefined;
        log().warn({ err: describeError(err) }, "company directory not re-read; searching the copy held");
      },
    );
  }
  return copy.index;
}

/** The listed companies closest to `query`, best first (DirectoryIndex.search). */
export async function searchCompanies(db: Db, query: string, limit: number): Promise<CompanyMatch[]> {
  return (await directoryOf(db)).search(query, limit);
}
