/**
 * Company search in memory (lib/directory): its trigram measures against PostgreSQL's own
 * pg_trgm on the app's database, its ranking on the bundled directory, and the copy's refresh.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { companies } from "@/db/schema";
import { englishNameKey, listCompanies, upsertCompanies } from "@/db/queries";
import { getDb } from "@/lib/database";
import { companyDirectory, DirectoryIndex, searchCompanies } from "@/lib/directory";
import { similarityOf, TrigramIds, trigramsOf, wordSimilarity } from "@/lib/directory/trigrams";
import { useFreshAppDatabase } from "../support/app";

let done: () => Promise<void>;
beforeAll(async () => {
  done = await useFreshAppDatabase();
}, 60_000);
afterAll(() => done());

function similarity(a: string, b: string): number {
  const ids = new TrigramIds();
  const x = new Set(ids.add(a));
  const y = new Set(ids.add(b));
  return similarityOf([...x].filter((t) => y.has(t)).length, x.size, y.size);
}

function wordSimilarityOf(query: string, text: string): number {
  const ids = new TrigramIds();
  const q = new Set(ids.add(query));
  return wordSimilarity(q, q.size, ids.add(text));
}

describe("trigrams", () => {
  it("are those of each word, lower-cased and padded, as pg_trgm documents", () => {
    expect(trigramsOf("Cat")).toEqual(["  c", " ca", "cat", "at "]);
    expect(trigramsOf("a-b")).toEqual(["  a", " a ", "  b", " b "]);
    expect(trigramsOf("삼성")).toEqual(["  삼", " 삼성", "삼성 "]);
  });

  it("measure similarity as PostgreSQL's pg_trgm does, on the directory's English names", async () => {
    const db = await getDb();
    const keys = (await listCompanies(db)).map((c) => c.nameEnKey).slice(0, 60);
    const queries = ["samsung", "samsung elec", "hynixx", "korea zinc", "lg chem", "pharm", "bio tech", "posco"];
    const pairs = queries.flatMap((q) => keys.map((k) => [q, k] as const));
    const values = sql.join(
      pairs.map(([q, k]) => sql`(${q}, ${k})`),
      sql`, `,
    );
    const { rows } = (await db.execute(
      sql`select similarity(q, k) as s from (values ${values}) as p(q, k)`,
    )) as unknown as { rows: { s: number }[] };
    pairs.forEach(([q, k], i) => expect(similarity(q, k), `${q} ~ ${k}`).toBeCloseTo(Number(rows[i].s), 5));
  });

  it("take word similarity as the best run of the text's trigrams (the documentation's example)", () => {
    expect(wordSimilarityOf("word", "two words")).toBeCloseTo(0.8, 5);
    expect(wordSimilarityOf("elec", "samsung electronics")).toBeGreaterThan(0.5);
    expect(wordSimilarityOf("zinc", "samsung electronics")).toBe(0);
  });
});

describe("search", () => {
  const index = async () => new DirectoryIndex(await listCompanies(await getDb()));

  it("finds a Korean name written with a space: Korean words have trigrams on every database", async () => {
    const [first] = (await index()).search("삼성 전자", 5);
    expect(first).toMatchObject({ ticker: "005930", isExactMatch: false });
  });

  it("ranks exact matches first, then by score, then by market value", async () => {
    const matches = (await index()).search("samsung", 20);
    expect(matches.length).toBeGreaterThan(5);
    const exact = matches.filter((m) => m.isExactMatch);
    expect(matches.slice(0, exact.length)).toEqual(exact);
    for (let i = 1; i < matches.length; i++) {
      const [a, b] = [matches[i - 1], matches[i]];
      if (a.isExactMatch !== b.isExactMatch) continue;
      expect(Math.round(a.score * 100)).toBeGreaterThanOrEqual(Math.round(b.score * 100));
    }
  });

  it("answers from the copy held as from a copy read now", async () => {
    const db = await getDb();
    const fromTable = (await index()).search("hyundai motor", 10).map((m) => m.ticker);
    expect((await searchCompanies(db, "hyundai motor", 10)).map((m) => m.ticker)).toEqual(fromTable);
  });

  it("sees a change to the directory once its copy is a minute old, answering from the old copy meanwhile", async () => {
    const db = await getDb();
    await searchCompanies(db, "warm", 1); // the copy exists
    const nameEn = "Zyxwv Quantum Robotics Co., Ltd.";
    await upsertCompanies(db, [
      {
        ticker: "999990",
        corpCode: "99999990",
        nameKr: "지크시더블유브이양자로봇",
        nameEn,
        nameEnSource: "directory",
        market: "KOSDAQ",
        industry: null,
        sectorTags: [],
        modifyDate: null,
      },
    ]);
    try {
      const tickers = async () => (await searchCompanies(db, "zyxwv quantum robotics", 5)).map((m) => m.ticker);
      expect(await tickers()).not.toContain("999990");
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
      expect(await tickers()).not.toContain("999990"); // answered at once; read again behind it
      await vi.waitFor(async () => {
        const [found] = await searchCompanies(db, "zyxwv quantum robotics", 5);
        expect(found).toMatchObject({ ticker: "999990", nameEnKey: englishNameKey(nameEn), isExactMatch: true });
      });
    } finally {
      vi.useRealTimers();
      await db.delete(companies).where(sql`${companies.ticker} = '999990'`);
    }
  });

  it("keeps its copy past the minute while the directory is unchanged (asking only its version)", async () => {
    const db = await getDb();
    const settled = () => new Promise((resolve) => setTimeout(resolve, 500)); // the look behind an answer is over
    try {
      // Past any copy an earlier test left read at a faked time, and any change it made read.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3 * 61_000 });
      await companyDirectory(db);
      await settled();
      const held = await companyDirectory(db);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await companyDirectory(db)).toBe(held); // answered at once; its version asked behind it
      await settled();
      expect(await companyDirectory(db)).toBe(held);
      vi.setSystemTime(Date.now() + 61_000);
      await companyDirectory(db);
      await settled();
      expect(await companyDirectory(db)).toBe(held);
    } finally {
      vi.useRealTimers();
    }
  });
});
