export type PageJavaScript = {
  files: number;
  raw: number;
  gzip: number;
  notPreloaded: string[];
  fetched: number;
  largest: { asset: string; raw: number; gzip: number }[];
};

export function scriptsOfPage(html: string, pageUrl: string): Set<string>;
export function pageJavaScript(
  html: string,
  pageUrl: string,
  clientDir: string,
): Promise<PageJavaScript>;
