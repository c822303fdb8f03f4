import { floraDownloadsResponseSchema, type FloraDownload } from '@greenhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { runtimeConfig } from '../../../lib/runtime-config';

export const floraDownloadsQueryKey = ['flora', 'downloads'] as const;

export interface FloraDownloadLink extends FloraDownload {
  /** The file's absolute address (the server's, which may differ from the page's). */
  href: string;
}

/** A path the server answers with (e.g. /downloads/flora/…), made absolute against the API's address. */
export function serverUrl(url: string): string {
  const api = runtimeConfig.getConfig()?.databiomesAPI ?? '/api';
  return new URL(url, new URL(`${api.replace(/\/+$/, '')}/`, window.location.href)).href;
}

/** GET /flora/downloads: the Flora builds this server hands out. */
export function useFloraDownloads() {
  return useQuery({
    queryKey: floraDownloadsQueryKey,
    queryFn: async ({ signal }): Promise<FloraDownloadLink[]> => {
      const { downloads } = await apiClient.get('/flora/downloads', {
        schema: floraDownloadsResponseSchema,
        signal,
      });
      return downloads.map((d) => ({ ...d, href: serverUrl(d.url) }));
    },
    retry: false,
    staleTime: 60_000,
  });
}
