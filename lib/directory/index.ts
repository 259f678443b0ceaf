/**
 * Company search: the listed-company directory, read once and searched in memory
 * (./search.ts, over ./trigrams.ts). The directory changes at most daily, so a copy is
 * answered for a minute; then its version (row count and latest write) is asked in the
 * background, and only a changed directory is read and indexed again (about 100 ms of the
 * server's one thread, which a search every minute made every client wait for), the old copy
 * answering meanwhile. A search keeps working through a database outage once the copy exists.
 * One copy per database handle, so two databases in one process never mix.
 */
import type { Db } from "@/db";
import { directoryVersion, listCompanies } from "@/db/queries";
import { describeError, log } from "@/lib/log";
import { DirectoryIndex, type CompanyMatch } from "./search";

export { DirectoryIndex, type CompanyMatch } from "./search";

/** How long a copy is answered before it is read again: as long as free answers are cached elsewhere. */
const REFRESH_MS = 60_000;
/** An empty copy (a directory not seeded yet) is read again this soon. */
const EMPTY_REFRESH_MS = 1_000;

interface Copy {
  index: DirectoryIndex;
  /** The directory's version when it was read (asked first: a write in between reads it again next time). */
  version: string;
  readAt: number;
  refreshing?: Promise<void>;
}

const copies = new WeakMap<Db, Promise<Copy>>();

const read = async (db: Db): Promise<Copy> => {
  const version = await directoryVersion(db);
  return { index: new DirectoryIndex(await listCompanies(db)), version, readAt: Date.now() };
};

/** The copy again if the directory has not changed since it was read, else a fresh one. */
const refresh = async (db: Db, copy: Copy): Promise<Copy> => {
  if ((await directoryVersion(db)) !== copy.version) return read(db);
  copy.readAt = Date.now();
  return copy;
};

/** The directory held for search (the same copy while the directory is unchanged). */
export async function companyDirectory(db: Db): Promise<DirectoryIndex> {
  let pending = copies.get(db);
  if (!pending) {
    pending = read(db);
    copies.set(db, pending);
    pending.catch(() => copies.delete(db)); // the next search tries again
  }
  const copy = await pending;
  const age = Date.now() - copy.readAt;
  if (!copy.refreshing && age > (copy.index.size ? REFRESH_MS : EMPTY_REFRESH_MS)) {
    copy.refreshing = refresh(db, copy).then(
      (fresh) => {
        fresh.refreshing = undefined;
        copies.set(db, Promise.resolve(fresh));
      },
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
  return (await companyDirectory(db)).search(query, limit);
}
