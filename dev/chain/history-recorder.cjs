// Loaded into the local chain's own process by hardhat.config.cjs when LOCAL_CHAIN_HISTORY_FILE
// is set: every block is written to that file (./history.ts describes the format) before the
// request that mined it is answered. A settlement's transaction is thus on disk before the
// facilitator even learns its hash, so no payment can be acknowledged, or recorded in the
// ledger, that a rebuilt chain would not have — however the processes around it die.
const fs = require("node:fs");
const { ProviderWrapper } = require("hardhat/plugins");
const { formatTransaction, keccak256, serializeTransaction } = require("viem");

class HistoryRecorder extends ProviderWrapper {
  /**
   * @param provider the Hardhat network provider
   * @param file the history file
   * @param continuing the chain is being rebuilt from this file: keep its blocks (the chain
   *   replays them) and add only new ones; otherwise the file is written anew
   */
  constructor(provider, file, continuing) {
    super(provider);
    this.file = file;
    this.continuing = continuing;
    this.saved = undefined; // the number of the last block in the file
    this.queue = Promise.resolve();
  }

  async request(args) {
    const result = await this._wrappedProvider.request(args);
    this.queue = this.queue.then(
      () => this.catchUp(),
      () => this.catchUp(),
    );
    await this.queue.catch((error) => {
      console.error(`[local chain] could not save its history to ${this.file}: ${error.message}`);
    });
    return result;
  }

  async catchUp() {
    this.saved ??= this.continuing ? this.keepSavedBlocks() : await this.startFile();
    const latest = Number(await this._wrappedProvider.request({ method: "eth_blockNumber" }));
    for (let number = this.saved + 1; number <= latest; number++) {
      fs.appendFileSync(this.file, line(await this.block(number)));
      this.saved = number;
    }
  }

  async startFile() {
    const genesis = await this._wrappedProvider.request({ method: "eth_getBlockByNumber", params: ["0x0", false] });
    fs.writeFileSync(this.file, line({ genesisTimestamp: Number(genesis.timestamp) }), { mode: 0o600 });
    return 0;
  }

  /** The file's lines up to any torn one (a kill mid-write), written back clean; the number of blocks among them. */
  keepSavedBlocks() {
    const kept = [];
    for (const raw of fs.readFileSync(this.file, "utf8").split("\n")) {
      if (!raw.trim()) continue;
      try {
        kept.push(JSON.parse(raw));
      } catch {
        break;
      }
    }
    // Saved as one JSON document by earlier versions: as lines from now on.
    const lines = kept[0]?.blocks ? [{ genesisTimestamp: kept[0].genesisTimestamp }, ...kept[0].blocks] : kept;
    fs.writeFileSync(this.file, lines.map(line).join(""), { mode: 0o600 });
    return lines.filter((entry) => Array.isArray(entry.transactions)).length;
  }

  async block(number) {
    const block = await this._wrappedProvider.request({
      method: "eth_getBlockByNumber",
      params: [`0x${number.toString(16)}`, true],
    });
    return {
      timestamp: Number(block.timestamp),
      transactions: block.transactions.map((rpcTransaction) => {
        const tx = formatTransaction(rpcTransaction);
        const { r, s, v, yParity } = tx;
        const raw = serializeTransaction({ ...tx, data: tx.input }, { r, s, v, yParity });
        if (keccak256(raw) !== tx.hash) throw new Error(`cannot re-encode transaction ${tx.hash} of block ${number}`);
        return raw;
      }),
    };
  }
}

function line(value) {
  return `${JSON.stringify(value)}\n`;
}

module.exports = { HistoryRecorder };
