/**
 * "Chrome on Android" from a User-Agent header: enough for a person to recognise their own sessions in
 * the list, without storing the whole string (which fingerprints a browser). Anything unknown keeps only
 * its first product name ("curl"), so an API client is still recognisable.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/(\b|Headless)(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceSummary(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua.trim()) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system) as string;
  const product = /^[A-Za-z][A-Za-z0-9._-]{0,30}/.exec(ua.trim())?.[0];
  return product ?? 'Unknown device';
}
