import { KEYS, read, write } from './storage';

/** The browser's device for sessions: a random id kept in local storage, and a readable name. */
export function currentDevice(): { id: string; name: string } {
  let id = read(KEYS.deviceId);
  if (!id || id.length < 8) {
    id = crypto.randomUUID();
    write(KEYS.deviceId, id);
  }
  return { id, name: deviceName(navigator.userAgent) };
}

export function deviceName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${os}`;
}
