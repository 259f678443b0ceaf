// Hardhat 2 network behind the local x402 payment stack (./local-chain.ts starts it
// with `hardhat node --config dev/chain/hardhat.config.cjs`). CommonJS because the repo is ESM and
// Hardhat 2 loads its config with require().
//
// Nothing here needs the network: the node runs on Hardhat's bundled EDR engine, and contracts
// are compiled by ./local-chain.ts with the npm `solc` package, never by Hardhat
// (which would try to download a compiler).
const { extendProvider } = require("hardhat/config");
const { HistoryRecorder } = require("./history-recorder.cjs");

// Saves every block to this file as it is mined (./history-recorder.cjs); `continue`: the chain
// is being rebuilt from the file, whose blocks are kept.
if (process.env.LOCAL_CHAIN_HISTORY_FILE) {
  extendProvider(
    (provider) =>
      new HistoryRecorder(
        provider,
        process.env.LOCAL_CHAIN_HISTORY_FILE,
        process.env.LOCAL_CHAIN_HISTORY_MODE === "continue",
      ),
  );
}

module.exports = {
  networks: {
    hardhat: {
      // Base mainnet's chain id, so payment requirements, EIP-712 domains and signatures use
      // `eip155:8453` exactly as in production.
      chainId: 8453,
      // Accounts are Hardhat's defaults (the well-known "test test ... junk" mnemonic, 20
      // accounts with 10,000 ETH each); local-chain.ts derives the same keys.
      mining: { auto: true },
      // A block's timestamp is the wall clock's second, shared by the blocks mined within it. By
      // default each block must be a second later than the one before, so a burst of payments
      // (one block each) pushed block time ahead of the clock — 400 blocks in 100 s, five minutes
      // ahead — and payments signed against the clock failed validBefore.
      allowBlocksWithSameTimestamp: true,
      // Per-request logging would only add noise to a child process whose output is discarded.
      loggingEnabled: false,
      // A chain rebuilt from its saved history (local-chain.ts) starts at the original genesis
      // time, so every block can be replayed at its original timestamp.
      ...(process.env.LOCAL_CHAIN_GENESIS_DATE ? { initialDate: process.env.LOCAL_CHAIN_GENESIS_DATE } : {}),
    },
  },
  paths: {
    sources: "./contracts",
    cache: "./cache",
    artifacts: "./artifacts",
  },
};
