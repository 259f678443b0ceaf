/**
 * The local payment chain, for development and tests (never imported by the product): a
 * Hardhat node with Base's chain id, a USDC stand-in and funded test payers, started, saved and
 * rebuilt by `npm start`, `npm run dev` and `npm run chain` (./run.ts), and by the tests.
 *
 * - local-chain.ts: starting a chain, its saved history and rebuilding it, the test keys.
 * - state.ts: the state file the server reads (DATA_DIR/local-chain.json), with the development
 *   wallet it offers the explorer and the test payers' keys.
 * - definition.ts: the chain's id and viem chain object.
 * - hardhat.config.cjs, contracts/, exit-with-parent.cjs: the node's configuration, its
 *   contracts, and what ties its life to the process that started it.
 */
export * from "./local-chain";
export * from "./state";
export * from "./definition";
