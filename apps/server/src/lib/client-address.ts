import net from 'node:net';

/**
 * The key a per-address limit counts under: one client, one key, however its address is spelt.
 * IPv4 in dotted decimal (an IPv4-mapped IPv6 address is the IPv4 one); IPv6 by its /64 prefix,
 * since one subscriber usually holds a whole /64 and could otherwise step through it. Anything
 * else (no address at all) is kept as given.
 */
export function clientAddressKey(ip: string): string {
  const bare = ip.trim().replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return bare.split('.').map(Number).join('.');
  if (!net.isIPv6(bare.split('%')[0] ?? '')) return bare;
  const groups = ipv6Groups(bare.split('%')[0] ?? '');
  // ::ffff:a.b.c.d (and its hex spelling ::ffff:0102:0304): the IPv4 client behind a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
