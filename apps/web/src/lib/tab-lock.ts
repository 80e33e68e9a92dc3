/**
 * A lock shared by every tab of this browser: the Web Locks API where there is one, else a lease in local
 * storage whose release the other tabs hear as a `storage` event. Used to serialise token refreshes, so
 * that two tabs never present the same refresh token (the server ends a session whose spent refresh token
 * comes back).
 */
export async function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(name, fn);
  return withStorageLease(name, fn);
}

/** Long enough for a refresh over a slow link; a tab closed while holding it frees it after this. */
const LEASE_MS = 15_000;
const tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

type Lease = { owner: string; until: number };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: no other tab shares these tokens either
  }
}

function leaseOf(raw: string | null): Lease | undefined {
  try {
    const v = raw ? (JSON.parse(raw) as Lease) : undefined;
    return v && typeof v.owner === 'string' && typeof v.until === 'number' ? v : undefined;
  } catch {
    return undefined;
  }
}

async function withStorageLease<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const store = storage();
  if (!store) return fn();
  const key = `lock:${name}`;
  for (;;) {
    const held = leaseOf(store.getItem(key));
    const now = Date.now();
    if (!held || held.until <= now) {
      try {
        store.setItem(key, JSON.stringify({ owner: tabId, until: now + LEASE_MS }));
      } catch {
        return fn();
      }
      // Two tabs may write at once: the one whose write stayed holds the lease.
      if (leaseOf(store.getItem(key))?.owner === tabId) break;
    }
    await released(key, held ? held.until - now : 0);
  }
  try {
    return await fn();
  } finally {
    if (leaseOf(store.getItem(key))?.owner === tabId) store.removeItem(key);
  }
}

/** Resolves when another tab changes the lease, or when it runs out. */
function released(key: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('storage', onStorage);
      clearTimeout(timer);
      resolve();
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) done();
    };
    window.addEventListener('storage', onStorage);
    const timer = setTimeout(done, Math.max(ms, 0));
  });
}
