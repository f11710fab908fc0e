/**
 * A tiny MaxMind DB (MMDB format 2.0) for tests: IPv4 only, 24-bit records, one /8 network per
 * country. Written by hand from the published format so the real reader (mmdb-lib) reads a real file.
 */

function ctrl(type: number, size: number, payload: Buffer): Buffer {
  if (size >= 29) throw new Error('fixture values are short');
  const head = type <= 7 ? [(type << 5) | size] : [size, type - 7];
  return Buffer.concat([Buffer.from(head), payload]);
}
const str = (s: string) => ctrl(2, Buffer.byteLength(s), Buffer.from(s));
const uint = (type: number, n: number) => {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return ctrl(type, bytes.length, Buffer.from(bytes));
};
const map = (entries: [string, Buffer][]) =>
  ctrl(7, entries.length, Buffer.concat(entries.flatMap(([k, v]) => [str(k), v])));
const array = (items: Buffer[]) => ctrl(11, items.length, Buffer.concat(items));

/** `networks`: first octet → country, e.g. `{81: 'NL'}` makes 81.0.0.0/8 Dutch. */
export function geoipFixture(networks: Record<number, string>): Buffer {
  // Data section: one record per country, its offset kept.
  const data: Buffer[] = [];
  const offsets = new Map<string, number>();
  let size = 0;
  for (const country of new Set(Object.values(networks))) {
    const record = map([['country', map([['iso_code', str(country)]])]]);
    offsets.set(country, size);
    data.push(record);
    size += record.length;
  }
  // Search tree over the first 8 bits: a full binary tree of 255 nodes (0..254).
  const nodeCount = 255;
  const notFound = nodeCount;
  const tree = Buffer.alloc(nodeCount * 6);
  const put = (node: number, side: number, value: number) => {
    const at = node * 6 + side * 3;
    tree[at] = (value >> 16) & 0xff;
    tree[at + 1] = (value >> 8) & 0xff;
    tree[at + 2] = value & 0xff;
  };
  for (let node = 0; node < nodeCount; node++) {
    const depth = Math.floor(Math.log2(node + 1));
    for (const side of [0, 1]) {
      if (depth < 7) {
        put(node, side, 2 * node + 1 + side);
        continue;
      }
      const octet = (node - 127) * 2 + side;
      const country = networks[octet];
      put(node, side, country === undefined ? notFound : nodeCount + 16 + offsets.get(country)!);
    }
  }
  const metadata = map([
    ['node_count', uint(6, nodeCount)],
    ['record_size', uint(5, 24)],
    ['ip_version', uint(5, 4)],
    ['database_type', str('Gatehouse-Test-Country')],
    ['languages', array([str('en')])],
    ['binary_format_major_version', uint(5, 2)],
    ['binary_format_minor_version', uint(5, 0)],
    ['build_epoch', uint(9, 1_700_000_000)],
    ['description', map([['en', str('test fixture')]])],
  ]);
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com'),
    metadata,
  ]);
}
