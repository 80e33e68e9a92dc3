import type { PublicConfig } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';

const EMPTY: PublicConfig = {
  googleClientId: null,
  facebookAppId: null,
  facebookDialogUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
  partnerSignIn: null,
  lineLogin: false,
  chatUrl: 'https://m.me/rianroo',
  contentUrl: null,
  contentToken: null,
};

/** Run-time settings from the API; when they cannot be read the app runs without the optional parts. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  try {
    const res = await fetch('/api/public-config');
    if (!res.ok) return EMPTY;
    return { ...EMPTY, ...((await res.json()) as Partial<PublicConfig>) };
  } catch {
    return EMPTY;
  }
}

export function usePublicConfig(): PublicConfig | undefined {
  return useQuery({ queryKey: ['public-config'], queryFn: fetchPublicConfig, staleTime: Infinity }).data;
}
