import { createContext, useContext } from 'react';

/** API answers a page was rendered with on the server, by request path ("/api/product/7" -> the product). */
export type ServerData = Record<string, unknown>;

/** The <script type="application/json"> the server writes them into; main.tsx reads it before hydrating. */
export const SERVER_DATA_ELEMENT_ID = 'ooh-server-data';

const ServerDataContext = createContext<ServerData>({});
export const ServerDataProvider = ServerDataContext.Provider;

/**
 * The answer the page was server-rendered with for this API path, if any. A query starts from it
 * (initialData), so the browser's first render is the server's and hydration keeps its HTML.
 */
export function useServerData<T>(path: string): T | undefined {
  return useContext(ServerDataContext)[path] as T | undefined;
}

/** The server's answers embedded in the page (none on a prerendered or bare page). */
export function readServerData(): ServerData {
  const element = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    const data = JSON.parse(element.textContent) as unknown;
    return data && typeof data === 'object' ? (data as ServerData) : {};
  } catch {
    return {};
  }
}

/** The script tag for `data`, safe inside HTML: no "<" survives to end the script early. */
export function serverDataScript(data: ServerData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${json}</script>`;
}
