import Bowser from 'bowser';

/**
 * A session's device in words, read from its user agent: "Firefox 133 on Windows". Null when no
 * browser can be told from it (an API client such as curl, or no user agent at all).
 */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  if (!browser) return null;
  const major = parser.getBrowserVersion()?.split('.')[0];
  const named = major ? `${browser} ${major}` : browser;
  const os = parser.getOSName();
  return os ? `${named} on ${os}` : named;
}
