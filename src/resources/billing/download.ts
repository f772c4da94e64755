import { useCallback } from 'react';
import { useLocaleState, useNotify } from 'react-admin';
import { API_BASE, ApiError } from '../../providers/http';
import { getToken } from '../../providers/storage';

/** The file name a Content-Disposition header gives (`attachment; filename="INV-0001.pdf"`), if any. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1].trim());
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/**
 * Fetches a file the API serves to signed-in users only (a PDF, a proof of payment, the accounting
 * CSV): a plain link would not carry the bearer token. The file is handed to the browser as a
 * download under the name the server gives it.
 */
export async function downloadFile(path: string, query: Record<string, string | number>, fallbackName: string): Promise<void> {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API_BASE || window.location.origin}/${path}?${params}`, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? response.statusText);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to have taken the file.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * `download(path, query, name)`: the file in the user's language where the server writes one
 * (documents and statements take `locale`), a notification when it fails.
 */
export function useDownload() {
  const notify = useNotify();
  const [locale] = useLocaleState();
  return useCallback(
    async (path: string, query: Record<string, string | number>, fallbackName: string, { localised = true } = {}) => {
      try {
        await downloadFile(path, localised ? { ...query, locale } : query, fallbackName);
      } catch (error) {
        notify('billing.download_failed', { type: 'error', messageArgs: { message: (error as Error).message } });
      }
    },
    [notify, locale],
  );
}
