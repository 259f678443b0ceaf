import { formatUnits } from "viem";

/** Display helpers for wallet and payment details (client and server safe). */

/** `0x1234…abcd` */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** USDC token units (6 decimals) as a decimal string: 5000n → "0.005". */
export function formatUsdc(units: bigint): string {
  return formatUnits(units, 6);
}

const NETWORK_NAMES: Record<string, string> = {
  "eip155:8453": "Base",
  "eip155:84532": "Base Sepolia",
};

/** A CAIP-2 network as a person knows it; `local` marks the local chain that uses Base's id. */
export function networkName(network: string, local = false): string {
  const name = NETWORK_NAMES[network] ?? network;
  return local ? `local test chain (${name} id ${network.split(":")[1]})` : name;
}
