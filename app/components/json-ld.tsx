import { type StructuredData, jsonLdText } from '#app/domain/catalog/structured-data.view.ts';

/** Structured data for search engines, escaped so that no text in it can end the element. */
export function JsonLd({ data }: { data: StructuredData | StructuredData[] }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
  );
}
