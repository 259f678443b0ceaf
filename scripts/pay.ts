/**
 * `npm run pay -- <path or URL>`: calls a paid endpoint and pays the x402 challenge.
 *
 *   npm run pay -- "/v1/disclosures/summary?rcptNo=20240102000001"
 *   npm run pay -- "https://example.com/v1/disclosures/by-ticker?ticker=005930&limit=3"
 *
 * A path is resolved against PUBLIC_BASE_URL (default http://localhost:3000). The payer is
 * PAYER_KEY, or else the first test payer of the local chain (npm run chain). The local chain's
 * TestUSDC is the only token besides the built-in USDC list that will be paid, and no single
 * payment may exceed 0.25 USDC.
 *
 * Prints the response body on stdout and the settlement on stderr; exits 1 on a 4xx/5xx answer.
 */
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { privateKeyToAccount } from "viem/accounts";
import { publicBaseUrl } from "@/lib/env";
import { choosePayer, createPayingFetch } from "@/dev/pay";

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target || process.argv.length > 3) {
    throw new Error('Usage: npm run pay -- "/v1/disclosures/summary?rcptNo=<14 digits>" (a path or a full URL)');
  }
  const url = new URL(target, `${publicBaseUrl()}/`);
  const payer = await choosePayer();
  console.error(`Paying as ${privateKeyToAccount(payer.privateKey).address} (${payer.source}) on ${payer.network}`);

  const payingFetch = createPayingFetch(payer);
  const response = await payingFetch(url).catch((error: unknown) => {
    // fetch reports an unreachable server as "fetch failed" and keeps the reason in `cause`.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    throw new Error(`Request to ${url} failed: ${error instanceof Error ? error.message : error}${cause}`);
  });
  const body = await response.text();
  console.log(formatBody(body));

  if (response.status >= 400) {
    console.error(`${response.status} ${response.statusText} from ${url}${explainRefusal(response)}`);
    process.exit(1);
  }

  const settlement = response.headers.get("PAYMENT-RESPONSE") ?? response.headers.get("X-PAYMENT-RESPONSE");
  if (!settlement) {
    console.error(`${response.status}: no payment was required`);
    return;
  }
  const { success, transaction, network, payer: paidBy } = decodePaymentResponseHeader(settlement);
  console.error(`${response.status}: paid, settlement ${success ? "succeeded" : "FAILED"}`);
  console.error(`  transaction ${transaction} on ${network}${paidBy ? ` from ${paidBy}` : ""}`);
}

/** For a 402 after paying, the server puts the facilitator's reason in the challenge's `error`. */
function explainRefusal(response: Response): string {
  const challenge = response.headers.get("PAYMENT-REQUIRED");
  if (response.status !== 402 || !challenge) return "";
  try {
    const { error } = decodePaymentRequiredHeader(challenge);
    return error ? `: ${error}` : "";
  } catch {
    return "";
  }
}

function formatBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
