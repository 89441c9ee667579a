/**
 * The one way the server keeps a bounded memory in a Map (rate-limit windows, remembered answers, checked
 * cookies): `key` becomes the newest entry, and past `max` entries the oldest are dropped first.
 *
 * Past `max` it drops the oldest tenth in one pass rather than one entry per insertion: V8 leaves a deleted
 * slot at the front of a Map until it rehashes, and `keys().next()` walks every such slot, so dropping one
 * entry per insertion from a full Map that keeps taking new keys (a public read from a new address each
 * time) cost about 20 µs per insertion at 50,000 entries, against 0.4 µs this way (measured, Node 22).
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size <= max) return;
  let dropping = map.size - (max - Math.floor(max / 10));
  for (const oldest of map.keys()) {
    map.delete(oldest);
    if (--dropping <= 0) break;
  }
}
