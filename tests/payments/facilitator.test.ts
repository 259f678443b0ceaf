import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { createPublicClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentClient } from "@/dev/pay";
import { createLocalFacilitator } from "@/lib/payments/facilitator";
import { localChainDefinition, startLocalChain, testUsdcAbi, type LocalChain } from "@/dev/chain";
import { exactRequirements } from "../support/payments";

// The local facilitator under a replay storm: the real @x402 facilitator code on a Hardhat chain.
// Copies of one signature are refused with the nonce reason, without delaying anyone else's
// payment (its latency is measured by `npm run bench:paid`, not asserted here).

const PRICE = 5000n;
const REPLAYS = 10;

let chain: LocalChain;
let facilitator: FacilitatorClient;
let publicClient: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  chain = await startLocalChain({ payerCount: 3 });
  facilitator = createLocalFacilitator({
    rpcUrl: chain.rpcUrl,
    privateKey: chain.facilitatorPrivateKey,
    network: chain.network,
    pollingIntervalMs: 50,
  });
  publicClient = createPublicClient({ chain: localChainDefinition(chain.rpcUrl), transport: http(chain.rpcUrl) });
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

const requirements = (): PaymentRequirements => exactRequirements(chain, PRICE);

function sign(payerKey: Hex): Promise<PaymentPayload> {
  return createPaymentClient({
    privateKey: payerKey,
    network: chain.network,
    allowedAsset: chain.asset,
  }).createPaymentPayload({
    x402Version: 2,
    resource: { url: "http://localhost:3000/v1/disclosures/summary?rcptNo=20260716900971" },
    accepts: [requirements()],
  });
}

/** What a resource server does with a payment: verify, and settle when valid. */
async function pay(payment: PaymentPayload) {
  const verified = await facilitator.verify(payment, requirements());
  if (!verified.isValid) return { stage: "verify" as const, reason: verified.invalidReason, success: false };
  const settled = await facilitator.settle(payment, requirements());
  return {
    stage: "settle" as const,
    reason: settled.errorReason,
    success: settled.success,
    transaction: settled.transaction,
  };
}

const balanceOf = (account: Address) =>
  publicClient.readContract({ address: chain.asset, abi: testUsdcAbi, functionName: "balanceOf", args: [account] });
const addressOf = (key: Hex) => privateKeyToAccount(key).address;

describe("local facilitator under replays", () => {
  it("settles one of eleven simultaneous copies, refuses the rest by nonce, and settles another payer meanwhile", async () => {
    const [replayerKey, honestKey] = chain.payerPrivateKeys;
    const before = {
      replayer: await balanceOf(addressOf(replayerKey)),
      honest: await balanceOf(addressOf(honestKey)),
      payTo: await balanceOf(chain.payTo),
    };
    const replayed = await sign(replayerKey);
    const honest = await sign(honestKey);

    const copies = Array.from({ length: REPLAYS + 1 }, () => pay(replayed));
    const honestResult = pay(honest);
    const results = await Promise.all(copies);

    expect(await honestResult).toMatchObject({ success: true, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(results.filter((r) => r.success)).toHaveLength(1);
    const refused = results.filter((r) => !r.success);
    expect(refused).toHaveLength(REPLAYS);
    for (const r of refused) expect(r.reason).toBe("invalid_exact_evm_nonce_already_used");

    expect(await balanceOf(addressOf(replayerKey))).toBe(before.replayer - PRICE);
    expect(await balanceOf(addressOf(honestKey))).toBe(before.honest - PRICE);
    expect(await balanceOf(chain.payTo)).toBe(before.payTo + 2n * PRICE);
  });

  it("refuses a settled authorization at verification, before any simulation", async () => {
    const payment = await sign(chain.payerPrivateKeys[2]);
    expect(await pay(payment)).toMatchObject({ success: true });
    expect(await facilitator.verify(payment, requirements())).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_nonce_already_used",
      payer: addressOf(chain.payerPrivateKeys[2]),
    });
  });

  it("refuses a copy at settlement while the original is being settled", async () => {
    const payment = await sign(chain.payerPrivateKeys[2]);
    const [first, second] = await Promise.all([
      facilitator.settle(payment, requirements()),
      facilitator.settle(payment, requirements()),
    ]);
    expect(first.success).toBe(true);
    expect(second).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_nonce_already_used",
      transaction: "",
    });
  });

  it("keeps sending in nonce order when many settlements run at once", async () => {
    const payers = chain.payerPrivateKeys;
    const payments = await Promise.all(Array.from({ length: 6 }, (_, i) => sign(payers[i % payers.length])));
    const settled = await Promise.all(payments.map((p) => facilitator.settle(p, requirements())));
    expect(settled.every((s) => s.success)).toBe(true);
    expect(new Set(settled.map((s) => s.transaction)).size).toBe(6);
  });
});
