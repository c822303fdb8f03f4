import {
  floraDownloadsResponseSchema,
  type FloraDownload,
  type FloraMissingBuild,
} from '@greenhouse/contracts';
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

export interface FloraDownloads {
  downloads: FloraDownloadLink[];
  /** The native builds this server does not have, with what its operator installs to build them. */
  missing: FloraMissingBuild[];
}

/** GET /flora/downloads: the Flora builds this server hands out, and the native ones it lacks. */
export function useFloraDownloads() {
  return useQuery({
    queryKey: floraDownloadsQueryKey,
    queryFn: async ({ signal }): Promise<FloraDownloads> => {
      const { downloads, missing } = await apiClient.get('/flora/downloads', {
        schema: floraDownloadsResponseSchema,
        signal,
      });
      return { downloads: downloads.map((d) => ({ ...d, href: serverUrl(d.url) })), missing };
    },
    retry: false,
    staleTime: 60_000,
  });
}
