/**
 * The local payment chain, for development and tests (never imported by the product): a
 * Hardhat node with Base's chain id, a USDC stand-in and funded test payers, started, saved and
 * rebuilt by `npm start`, `npm run dev` and `npm run chain` (./run.ts), and by the tests.
 *
 * - local-chain.ts: starting a chain, rebuilding it from its saved history, the test keys.
 * - history.ts: the saved history, written as the chain mines (so a kill loses at most a block).
 * - state.ts: the state file the server reads (DATA_DIR/local-chain.json), with the development
 *   wallet it offers the explorer and the test payers' keys.
 * - definition.ts: the chain's id and viem chain object.
 * - hardhat.config.cjs, contracts/, exit-with-parent.cjs: the node's configuration, its
 *   contracts, and what ties its life to the process that started it.
 */
export * from "./local-chain";
export * from "./history";
export * from "./state";
export * from "./definition";
