/**
 * The data layer: the schema, opening a database (./client.ts), and (in ./queries) plain query
 * functions that take the database as their first argument. The embedded database admits one
 * process per data folder: the web server shares it on a local socket, and other processes
 * (the operations scripts) reach it there (./embedded-owner.ts). It imports nothing from lib/:
 * the process's database, opened from the environment and seeded, is lib/database.ts.
 */
import "server-only";

export * as schema from "./schema";
export type { Db, Database } from "./client";
export { DatabaseUnavailableError, isDatabaseUnreachable, openDatabase, pingDatabase } from "./client";
