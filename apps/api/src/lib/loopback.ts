/**
 * Loopback addresses: 127.0.0.0/8 (also as an IPv4-mapped IPv6 address) and ::1. "localhost" counts as a
 * listen host, since Node resolves it to one of them.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return a === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** Whether a server listening on `host` is reachable only from this machine (0.0.0.0, :: and names are not). */
export function isLoopbackHost(host: string): boolean {
  return host.trim().toLowerCase() === 'localhost' || isLoopbackAddress(host);
}
