/**
 * Calls the real route handlers against a fresh database opened through the app's own
 * getDatabase() (migrations and bundled seed included): PGlite in memory by default,
 * a new PostgreSQL database when DATABASE_URL is set.
 */
import { resetEnv } from "@/lib/env";
import { createPostgresDatabase, usingPostgres } from "../../dev/support/database";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function useFreshAppDatabase(): Promise<() => Promise<void>> {
  let drop = async () => {};
  if (usingPostgres) {
    const created = await createPostgresDatabase();
    process.env.DATABASE_URL = created.url;
    drop = created.drop;
  } else {
    process.env.DATA_DIR = "memory://";
  }
  delete process.env.DART_API_KEY; // snapshot mode: the clock is pinned to the bundled data
  resetEnv();
  const { getDatabase } = await import("@/lib/database");
  // Opened, migrated and seeded now, inside the caller's beforeAll (its time limit), not in a test.
  await getDatabase();
  return async () => {
    await (await getDatabase()).close();
    await drop();
  };
}

export async function call(
  handler: Handler,
  path: string,
  params: Record<string, string> = {},
  init: RequestInit = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await handler(new Request(`http://localhost${path}`, init), { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
