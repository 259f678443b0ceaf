// negotiator 1.x ships no types, and @types/negotiator describes 0.6 (no `preferred` option).
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, "headers">);
    /** The client's most preferred of `available`; ties go to the earliest of `preferred`. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
