import { describe, expect, it } from "vitest";
import { paymentPayloadProblem } from "@/lib/payments/payment-headers";

const authorization = {
  from: `0x${"1".repeat(40)}`,
  to: `0x${"2".repeat(40)}`,
  value: "5000",
  validAfter: "0",
  validBefore: "1800000000",
  nonce: `0x${"3".repeat(64)}`,
};
const payment = (changes: Partial<typeof authorization>) => ({
  x402Version: 2,
  accepted: {
    scheme: "exact",
    network: "eip155:8453",
    amount: "5000",
    asset: "0x",
    payTo: "0x",
    maxTimeoutSeconds: 300,
    extra: {},
  },
  payload: { signature: "0xabcd", authorization: { ...authorization, ...changes } },
});

describe("paymentPayloadProblem", () => {
  it("accepts a well-formed EIP-3009 authorization", () => {
    expect(paymentPayloadProblem(payment({}))).toBeUndefined();
  });

  // Found by the fuzz suite: zod ran the range check after the failed digit check, and BigInt threw (a 500).
  it.each([":", "", "1e9", "-1", " 1", "0x10"])(
    "names a validBefore of %j as malformed, without throwing",
    (validBefore) => {
      expect(paymentPayloadProblem(payment({ validBefore }))).toMatch(
        /^invalid_payment_payload: .*validBefore must be a decimal number/,
      );
    },
  );

  it("refuses a deadline the ledger cannot store, and a value beyond uint256", () => {
    expect(paymentPayloadProblem(payment({ validBefore: String(2n ** 40n) }))).toMatch(
      /validBefore must be seconds since 1970/,
    );
    expect(paymentPayloadProblem(payment({ value: String(2n ** 256n) }))).toMatch(/value must fit in a uint256/);
  });
});
