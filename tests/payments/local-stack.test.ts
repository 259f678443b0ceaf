import { HTTPFacilitatorClient, type FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import {
  createPublicClient,
  createWalletClient,
  hashDomain,
  http,
  parseAbi,
  parseEventLogs,
  parseSignature,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentClient } from "@/dev/pay";
import { createFacilitatorClient, createLocalFacilitator } from "@/lib/payments/facilitator";
import { localChainDefinition, startLocalChain, testUsdcAbi, type LocalChain } from "@/dev/chain";
import { exactRequirements } from "../support/payments";

// Real parts only: a Hardhat node, the TestUSDC contract, the @x402 client scheme signing, and the
// @x402 facilitator verifying and settling on chain.

const PRICE = 5000n; // 0.005 USDC, the summary endpoint's price

let chain: LocalChain;
let facilitator: FacilitatorClient;
let publicClient: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  chain = await startLocalChain(); // ephemeral port
  facilitator = createLocalFacilitator({
    rpcUrl: chain.rpcUrl,
    privateKey: chain.facilitatorPrivateKey,
    network: chain.network,
  });
  publicClient = createPublicClient({ chain: localChainDefinition(chain.rpcUrl), transport: http(chain.rpcUrl) });
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

function requirements(overrides: Partial<PaymentRequirements> = {}): PaymentRequirements {
  return { ...exactRequirements(chain, PRICE), ...overrides };
}

/** What a payer would sign after receiving a 402 offering `accepted`. */
function signPayment(payerKey: Hex, accepted: PaymentRequirements): Promise<PaymentPayload> {
  const challenge: PaymentRequired = {
    x402Version: 2,
    resource: { url: "http://localhost:3000/v1/disclosures/summary?rcptNo=20240102000001" },
    accepts: [accepted],
  };
  return createPaymentClient({
    privateKey: payerKey,
    network: chain.network,
    allowedAsset: chain.asset,
  }).createPaymentPayload(challenge);
}

function balanceOf(account: Address): Promise<bigint> {
  return publicClient.readContract({
    address: chain.asset,
    abi: testUsdcAbi,
    functionName: "balanceOf",
    args: [account],
  });
}

function payerAddress(index: number): Address {
  return privateKeyToAccount(chain.payerPrivateKeys[index]).address;
}

describe("local x402 payment stack", () => {
  it("runs on eip155:8453 and the facilitator advertises exact payments there", async () => {
    expect(await publicClient.getChainId()).toBe(8453);
    const supported = await facilitator.getSupported();
    expect(supported.kinds).toContainEqual(
      expect.objectContaining({ x402Version: 2, scheme: "exact", network: "eip155:8453" }),
    );
    expect(Object.values(supported.signers).flat()).toContain(privateKeyToAccount(chain.facilitatorPrivateKey).address);
  });

  it("verifies and settles a signed payment, moving exactly the price to payTo", async () => {
    const payer = payerAddress(0);
    const payment = await signPayment(chain.payerPrivateKeys[0], requirements());
    const payerBefore = await balanceOf(payer);
    const payToBefore = await balanceOf(chain.payTo);

    const verified = await facilitator.verify(payment, requirements());
    expect(verified).toMatchObject({ isValid: true, payer });

    const settled = await facilitator.settle(payment, requirements());
    expect(settled).toMatchObject({ success: true, network: "eip155:8453", payer });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    expect(await balanceOf(payer)).toBe(payerBefore - PRICE);
    expect(await balanceOf(chain.payTo)).toBe(payToBefore + PRICE);

    const receipt = await publicClient.getTransactionReceipt({ hash: settled.transaction as Hex });
    expect(receipt.status).toBe("success");
    const transfers = parseEventLogs({ abi: testUsdcAbi, eventName: "Transfer", logs: receipt.logs });
    expect(transfers).toHaveLength(1);
    expect(transfers[0].address.toLowerCase()).toBe(chain.asset.toLowerCase());
    expect(transfers[0].args).toEqual({ from: payer, to: chain.payTo, value: PRICE });

    const { nonce } = (payment.payload as { authorization: { nonce: Hex } }).authorization;
    const nonceUsed = await publicClient.readContract({
      address: chain.asset,
      abi: testUsdcAbi,
      functionName: "authorizationState",
      args: [payer, nonce],
    });
    expect(nonceUsed).toBe(true);
  });

  it("refuses to replay a settled authorization", async () => {
    const payer = payerAddress(1);
    const payment = await signPayment(chain.payerPrivateKeys[1], requirements());
    expect((await facilitator.settle(payment, requirements())).success).toBe(true);
    const payerAfterFirst = await balanceOf(payer);

    expect(await facilitator.verify(payment, requirements())).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_nonce_already_used",
    });
    expect(await facilitator.settle(payment, requirements())).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_nonce_already_used",
    });
    expect(await balanceOf(payer)).toBe(payerAfterFirst);
  });

  it("rejects a payment signed for a different amount", async () => {
    const payment = await signPayment(chain.payerPrivateKeys[2], requirements({ amount: "4000" }));
    expect(await facilitator.verify(payment, requirements())).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_payload_authorization_value_mismatch",
    });
  });

  it("rejects a payment to a different recipient, and settle sends nothing", async () => {
    const payer = payerAddress(2);
    const elsewhere = privateKeyToAccount(generatePrivateKey()).address;
    const payment = await signPayment(chain.payerPrivateKeys[2], requirements({ payTo: elsewhere }));
    const payerBefore = await balanceOf(payer);

    expect(await facilitator.verify(payment, requirements())).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_recipient_mismatch",
    });
    expect(await facilitator.settle(payment, requirements())).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_recipient_mismatch",
      transaction: "",
    });
    expect(await balanceOf(payer)).toBe(payerBefore);
  });

  it("rejects an expired authorization", async () => {
    // The client sets validBefore = now + maxTimeoutSeconds; 0 makes it expire at once.
    const expiring = requirements({ maxTimeoutSeconds: 0 });
    const payment = await signPayment(chain.payerPrivateKeys[2], expiring);
    expect(await facilitator.verify(payment, expiring)).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_payload_authorization_valid_before",
    });
  });

  it("rejects a payer without enough tokens", async () => {
    const unfundedKey = generatePrivateKey();
    const payment = await signPayment(unfundedKey, requirements());
    expect(await facilitator.verify(payment, requirements())).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_insufficient_balance",
      payer: privateKeyToAccount(unfundedKey).address,
    });
  });
});

describe("facilitator selection", () => {
  it("uses the remote facilitator when a URL is configured, else the local one", () => {
    const local = { rpcUrl: "http://127.0.0.1:1", privateKey: generatePrivateKey(), network: "eip155:8453" as const };
    expect(createFacilitatorClient({ facilitatorUrl: "https://facilitator.example/x402", local })).toBeInstanceOf(
      HTTPFacilitatorClient,
    );
    expect(createFacilitatorClient({ local })).not.toBeInstanceOf(HTTPFacilitatorClient);
    expect(() => createFacilitatorClient({})).toThrow(/FACILITATOR_URL/);
  });
});

describe("payment client limits", () => {
  it("pays up to 0.25 USDC and refuses more", async () => {
    await expect(signPayment(chain.payerPrivateKeys[0], requirements({ amount: "250000" }))).resolves.toBeDefined();
    await expect(signPayment(chain.payerPrivateKeys[0], requirements({ amount: "250001" }))).rejects.toThrow(
      /spendControls|filtered/,
    );
  });

  it("refuses an unknown token unless it was allowed", async () => {
    const challenge: PaymentRequired = {
      x402Version: 2,
      resource: { url: "http://localhost/x" },
      accepts: [requirements()],
    };
    const client = createPaymentClient({ privateKey: chain.payerPrivateKeys[0], network: chain.network });
    await expect(client.createPaymentPayload(challenge)).rejects.toThrow(/spendControls/);
  });
});

describe("TestUSDC", () => {
  const fullAbi = parseAbi([
    "function name() view returns (string)",
    "function version() view returns (string)",
    "function decimals() view returns (uint8)",
    "function DOMAIN_SEPARATOR() view returns (bytes32)",
    "function mint(address to, uint256 value)",
    "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
  ]);

  it("has FiatToken's EIP-712 domain and metadata", async () => {
    const read = (functionName: "name" | "version" | "decimals") =>
      publicClient.readContract({ address: chain.asset, abi: fullAbi, functionName });
    expect(await read("name")).toBe("USD Coin");
    expect(await read("version")).toBe("2");
    expect(await read("decimals")).toBe(6);
    const domainSeparator = await publicClient.readContract({
      address: chain.asset,
      abi: fullAbi,
      functionName: "DOMAIN_SEPARATOR",
    });
    expect(domainSeparator).toBe(
      hashDomain({
        domain: { name: "USD Coin", version: "2", chainId: 8453n, verifyingContract: chain.asset },
        types: {
          EIP712Domain: [
            { name: "name", type: "string" },
            { name: "version", type: "string" },
            { name: "chainId", type: "uint256" },
            { name: "verifyingContract", type: "address" },
          ],
        },
      }),
    );
  });

  it("accepts the packed-signature form of transferWithAuthorization", async () => {
    const payerKey = chain.payerPrivateKeys[2];
    const payer = payerAddress(2);
    const payment = await signPayment(payerKey, requirements());
    const { authorization, signature } = payment.payload as {
      authorization: { from: Address; to: Address; value: string; validAfter: string; validBefore: string; nonce: Hex };
      signature: Hex;
    };
    expect(parseSignature(signature).r).toMatch(/^0x/); // a plain 65-byte ECDSA signature
    const payerBefore = await balanceOf(payer);

    // Anyone may submit an EIP-3009 authorization; use the facilitator account for gas.
    const submitter = createWalletClient({
      account: privateKeyToAccount(chain.facilitatorPrivateKey),
      chain: localChainDefinition(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    });
    const hash = await submitter.writeContract({
      address: chain.asset,
      abi: fullAbi,
      functionName: "transferWithAuthorization",
      args: [
        authorization.from,
        authorization.to,
        BigInt(authorization.value),
        BigInt(authorization.validAfter),
        BigInt(authorization.validBefore),
        authorization.nonce,
        signature,
      ],
    });
    expect((await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
    expect(await balanceOf(payer)).toBe(payerBefore - PRICE);
  });

  it("lets only the deployer mint", async () => {
    const stranger = createWalletClient({
      account: privateKeyToAccount(chain.payerPrivateKeys[0]),
      chain: localChainDefinition(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    });
    await expect(
      stranger.writeContract({
        address: chain.asset,
        abi: fullAbi,
        functionName: "mint",
        args: [stranger.account.address, 1n],
      }),
    ).rejects.toThrow(/caller is not the minter/);
  });
});
