const OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const GROUP = /^[0-9a-fA-F]{1,4}$/;

/** A dotted quad, no leading zeros (as Node's net.isIPv4, without Node: the service runs in browsers too). */
function isIPv4(s: string): boolean {
  return IPV4.test(s);
}

/** An IPv6 address without a zone: eight groups, or fewer around one `::`, the last two may be a dotted quad. */
function isIPv6(s: string): boolean {
  const halves = s.split("::");
  if (halves.length > 2) return false;
  const groups = halves.map((h) => (h === "" ? [] : h.split(":")));
  const all = groups.flat();
  let count = all.length;
  const last = all[all.length - 1];
  if (last !== undefined && last.includes(".")) {
    if (!isIPv4(last) || (halves.length === 2 && groups[1].length === 0)) return false;
    all.pop();
    count++;
  }
  if (!all.every((g) => GROUP.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

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
