import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api';
import { isLoggedIn, onSessionChange, rememberUser } from './session';
import { KEYS, read } from './storage';

/** Re-renders when the learner logs in or out (in this tab or another). */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(onSessionChange, isLoggedIn, () => false);
}

export const meKey = ['me'] as const;

/** The current user (GET /auth), kept while logged in. */
export function useMe() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...meKey, read(KEYS.uid)],
    queryFn: async () => {
      const user = await api('GET /api/auth', { auth: true });
      rememberUser(user);
      return user;
    },
    enabled: loggedIn,
    staleTime: 60_000,
  });
}
