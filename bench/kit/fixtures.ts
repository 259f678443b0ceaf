/**
 * The recorded data the tests keep under `tests/fixtures/` (real filing titles, bodies, DART
 * answers), read as data: the benchmarks share it, never the tests' code.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures");

export const fixtureBytes = (file: string): Buffer => readFileSync(path.join(FIXTURES, file));
export const fixtureText = (file: string): string => readFileSync(path.join(FIXTURES, file), "utf8");
export const fixtureJson = <T>(file: string): T => JSON.parse(fixtureText(file)) as T;
