/** What every benchmark script's command line shares: sizes with a `--quick` variant, and how it ends. */
import { parseArgs } from "node:util";

/**
 * Parses `--name N` for each of `sizes` (a full run's default, and the `--quick` one: a smoke
 * run that proves the script works, not a figure to quote) and `--name text` for each of `texts`.
 */
export function benchOptions<N extends string, T extends string = never>(
  sizes: Record<N, [full: number, quick: number]>,
  texts: readonly T[] = [],
): { quick: boolean; sizes: Record<N, number>; texts: Partial<Record<T, string>> } {
  const options: Record<string, { type: "string" | "boolean" }> = { quick: { type: "boolean" } };
  for (const name of [...Object.keys(sizes), ...texts]) options[name] = { type: "string" };
  const { values } = parseArgs({ options }) as { values: Record<string, string | boolean | undefined> };
  const quick = values.quick === true;
  const parsed = {} as Record<N, number>;
  for (const [name, [full, small]] of Object.entries(sizes) as [N, [number, number]][]) {
    const value = values[name] === undefined ? (quick ? small : full) : Number(values[name]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
    parsed[name] = value;
  }
  const textValues: Partial<Record<T, string>> = {};
  for (const name of texts) if (typeof values[name] === "string") textValues[name] = values[name] as string;
  return { quick, sizes: parsed, texts: textValues };
}

/** Which of a script's `sections` to run: those `--sections a,b` names, or all. */
export function chosenSections<S extends string>(sections: readonly S[], wanted: string | undefined): Set<S> {
  if (!wanted) return new Set(sections);
  const names = wanted.split(",").map((s) => s.trim());
  const unknown = names.filter((n) => !(sections as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`unknown section ${unknown.join(", ")}; choose from ${sections.join(", ")}`);
  return new Set(names as S[]);
}

/** Runs a script's `main`: prints its error and exits 1 if it throws, else exits 0 (servers' sockets may linger). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** The line under a report: when, on which database, in which mode. */
export function runLabel(quick: boolean): string {
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  return `${new Date().toISOString()}, node ${process.version}, ${database}${quick ? ", --quick (smoke run: not a figure to quote)" : ""}`;
}
