import { isIPv4, isIPv6 } from "node:net";

/**
 * Whether Go's net.ParseCIDR accepts `s`: `addr/prefix`, the address an IPv4 dotted quad (no leading zeros)
 * or an IPv6 address without a zone, the prefix plain decimal digits (leading zeros allowed) within
 * 0..32 for IPv4 and 0..128 for IPv6 (IPv4-mapped IPv6 counts as IPv6). Host bits may be set. Nothing is trimmed.
 */
export function goParseCIDROk(s: string): boolean {
  const slash = s.indexOf("/");
  if (slash < 0) return false;
  const addr = s.slice(0, slash);
  const prefix = s.slice(slash + 1);
  if (!/^[0-9]+$/.test(prefix)) return false;
  let bits: number;
  if (isIPv4(addr)) bits = 32;
  else if (isIPv6(addr) && !addr.includes("%")) bits = 128;
  else return false;
  return Number(prefix) <= bits;
}
