import type { Route } from './+types/legal';
import { isLegalSlug } from '#app/content/legal.ts';
import { legalVersionInForce } from '#app/domain/legal/legal.server.ts';
import { shop } from '#app/http/request.server.ts';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { formatDate, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data.page.title} | ${data.shopName}` },
];

export async function loader(args: Route.LoaderArgs) {
  const { db, locale, t } = shop(args);
  const slug = new URL(args.request.url).pathname.slice(1);
  if (!isLegalSlug(slug)) pageNotFound();
  const current = await legalVersionInForce(db, slug);
  return {
    page: current.content[locale],
    version: current.version,
    publishedAt: current.publishedAt.toISOString(),
    shopName: t('shop.name'),
  };
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { page } = loaderData;
  return (
    <article className="container legal-page">
      <h1>{page.title}</h1>
      <p className="legal-version">
        {t('legal.version', {
          version: loaderData.version,
          date: formatDate(loaderData.publishedAt, locale),
        })}
      </p>
      {page.reviewNotice && (
        <aside className="notice notice-info" aria-label={t('legal.review_notice_label')}>
          {page.reviewNotice}
        </aside>
      )}
      {page.sections.map((section, i) => (
        <section key={i} aria-labelledby={`legal-${i}`}>
          <h2 id={`legal-${i}`}>{section.heading}</h2>
          {section.blocks.map((block, j) => {
            switch (block.type) {
              case 'paragraph':
                return <p key={j}>{block.text}</p>;
              case 'list':
                return (
                  <ul key={j}>
                    {block.items.map((item, k) => (
                      <li key={k}>{item}</li>
                    ))}
                  </ul>
                );
              case 'address':
                return (
                  <address key={j}>
                    {block.lines.map((line, k) => (
                      <span key={k}>
                        {line}
                        <br />
                      </span>
                    ))}
                  </address>
                );
              case 'table':
                return (
                  // Narrow screens scroll the table sideways: keyboard users reach it too.
                  <div
                    className="table-scroll"
                    key={j}
                    role="region"
                    tabIndex={0}
                    aria-labelledby={`legal-${i}`}
                  >
                    <table>
                      <thead>
                        <tr>
                          {block.head.map((h, k) => (
                            <th key={k} scope="col">
                              {h}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {block.rows.map((row, k) => (
                          <tr key={k}>
                            {row.map((cell, l) =>
                              l === 0 ? (
                                <th key={l} scope="row">
                                  {cell}
                                </th>
                              ) : (
                                <td key={l}>{cell}</td>
                              ),
                            )}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                );
              default:
                return null;
            }
          })}
        </section>
      ))}
    </article>
  );
}
