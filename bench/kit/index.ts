/**
 * The benchmarks' kit: statistics and latency rows (./stats); the command line every script
 * shares (./cli: sizes with a `--quick` smoke-run variant, `--sections`); the servers measured
 * (./servers: the service's production build and the framework's floor app); load on loopback
 * with the server's CPU per request (./load); headless Chromium and the scripts a page loads
 * (./browser); the recorded fixtures, read as data (./fixtures). `./lines.ts` counts product
 * lines. Helpers shared with the tests (free ports, process groups, the pay stack, the injected
 * wallet, Chromium's flags) are in `dev/support/`.
 */
export * from "./browser";
export * from "./cli";
export * from "./fixtures";
export * from "./load";
export * from "./servers";
export * from "./stats";
