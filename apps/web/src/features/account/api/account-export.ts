import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/** The saved file's name: greenhouse-export-2026-11-26.json (the local date of the download). */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `greenhouse-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/**
 * GET /account/export, saved as a file. Fetched as a blob (the server's exact bytes, with the session's
 * credentials); the path is relative so it resolves under the API's address.
 */
export function useDownloadAccountExport() {
  return useMutation({
    mutationFn: async () => {
      const blob = await apiClient.getBlob('account/export');
      saveBlob(blob, exportFileName());
    },
  });
}
