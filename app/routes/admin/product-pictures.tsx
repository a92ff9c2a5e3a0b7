import { type DragEvent, useState } from 'react';
import { Form, useActionData, useSubmit } from 'react-router';
import type { Route } from './+types/product-pictures';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ProductTabs } from '#app/components/admin/product-tabs.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import {
  type PicturesNotice,
  handleProductPictures,
  loadProductPictures,
} from '#app/http/admin/product-pictures.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-pictures.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadProductPictures(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleProductPictures(args);
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

function PicturesOutcome({ notice }: { notice: PicturesNotice | undefined }) {
  const { t } = useI18n();
  if (!notice) return null;
  if (notice.kind === 'error')
    return <Notice kind="error">{t(`admin.pictures.error.${notice.code}` as TextKey)}</Notice>;
  if (notice.kind !== 'uploaded')
    return <Notice kind="success">{t(`admin.pictures.done.${notice.kind}` as TextKey)}</Notice>;
  return (
    <Notice kind={notice.rejected.length > 0 ? 'error' : 'success'}>
      <p>{t('admin.pictures.done.uploaded', { count: notice.added })}</p>
      {notice.rejected.length > 0 && (
        <ul className="admin-pictures-rejected">
          {notice.rejected.map((r, i) => (
            <li key={i}>
              {t(`admin.pictures.rejected.${r.rejection}` as TextKey, { name: r.name })}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

export default function ProductPicturesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { product, gallery, security, maxBytes } = loaderData;
  const notice = useActionData<typeof action>();
  const submit = useSubmit();
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropActive, setDropActive] = useState(false);

  // Drag and drop is an extra for the mouse: the buttons do the same by keyboard and without JS.
  const dropOn = (target: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged === null || dragged === target) return;
    const order = gallery.map((g) => g.imageId).filter((id) => id !== dragged);
    order.splice(order.indexOf(target), 0, dragged);
    setDragged(null);
    void submit({ intent: 'order', order: order.join(','), security }, { method: 'post' });
  };
  const dropFiles = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropActive(false);
    const files = [...event.dataTransfer.files];
    if (files.length === 0) return;
    const data = new FormData();
    data.set('intent', 'upload');
    data.set('security', security);
    for (const file of files) data.append('pictures', file);
    void submit(data, { method: 'post', encType: 'multipart/form-data' });
  };

  return (
    <AdminPage
      title={t('admin.pictures.title', { name: product.name })}
      crumbs={[{ label: t('admin.products.title'), to: '/admin/products' }]}
      className="admin-pictures"
    >
      <ProductTabs productId={product.id} variable={product.variable} />
      <PicturesOutcome notice={notice} />

      <section aria-labelledby="pictures-upload">
        <h2 id="pictures-upload">{t('admin.pictures.upload')}</h2>
        <Form method="post" encType="multipart/form-data" className="admin-pictures-upload">
          <input type="hidden" name="security" value={security} />
          <div
            className={`admin-pictures-drop${dropActive ? ' is-active' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDropActive(true);
            }}
            onDragLeave={() => setDropActive(false)}
            onDrop={dropFiles}
          >
            <label htmlFor="pictures-files">{t('admin.pictures.files')}</label>
            <input id="pictures-files" type="file" name="pictures" accept={ACCEPT} multiple />
            <p className="hint">
              {t('admin.pictures.files_hint', { mb: Math.round(maxBytes / 1024 / 1024) })}
            </p>
          </div>
          <button type="submit" name="intent" value="upload" className="button">
            {t('admin.pictures.upload_button')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="pictures-gallery">
        <h2 id="pictures-gallery">{t('admin.pictures.gallery')}</h2>
        {gallery.length === 0 ? (
          <p>{t('admin.pictures.empty')}</p>
        ) : (
          <Form method="post" className="admin-pictures-form">
            <input type="hidden" name="security" value={security} />
            {/* Enter in an alt text field saves: the first submit button is the form's default. */}
            <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
            <ol className="admin-pictures-list">
              {gallery.map((item, index) => {
                const label = t('admin.pictures.number', { n: index + 1 });
                const missing = !item.alt.de || !item.alt.en;
                return (
                  <li
                    key={item.imageId}
                    className="admin-picture"
                    draggable
                    onDragStart={() => setDragged(item.imageId)}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={dropOn(item.imageId)}
                  >
                    <img src={item.thumb} alt="" width={96} height={96} />
                    <div className="admin-picture-fields">
                      <p className="admin-picture-title">
                        {label}
                        {index === 0 && ` · ${t('admin.pictures.main')}`}
                        {item.video && ` · ${t(`admin.pictures.video_${item.video.provider}`)}`}
                      </p>
                      <label>
                        {t('admin.pictures.alt_de')}
                        <input
                          type="text"
                          name={`alt_de_${item.imageId}`}
                          defaultValue={item.alt.de}
                          maxLength={300}
                          lang="de"
                          aria-describedby={missing ? `alt-missing-${item.imageId}` : undefined}
                        />
                      </label>
                      <label>
                        {t('admin.pictures.alt_en')}
                        <input
                          type="text"
                          name={`alt_en_${item.imageId}`}
                          defaultValue={item.alt.en}
                          maxLength={300}
                          lang="en"
                          aria-describedby={missing ? `alt-missing-${item.imageId}` : undefined}
                        />
                      </label>
                      {missing && (
                        <p id={`alt-missing-${item.imageId}`} className="admin-picture-warning">
                          {t('admin.pictures.alt_missing')}
                        </p>
                      )}
                    </div>
                    <div className="admin-picture-actions">
                      <button
                        type="submit"
                        name="intent"
                        value={`up:${item.imageId}`}
                        className="button"
                        disabled={index === 0}
                      >
                        {t('admin.pictures.up')}
                        <span className="visually-hidden"> {label}</span>
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value={`down:${item.imageId}`}
                        className="button"
                        disabled={index === gallery.length - 1}
                      >
                        {t('admin.pictures.down')}
                        <span className="visually-hidden"> {label}</span>
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value={`remove:${item.imageId}`}
                        className="button"
                      >
                        {t('admin.pictures.remove')}
                        <span className="visually-hidden"> {label}</span>
                      </button>
                    </div>
                  </li>
                );
              })}
            </ol>
            <button type="submit" name="intent" value="save" className="button">
              {t('admin.pictures.save')}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="pictures-video">
        <h2 id="pictures-video">{t('admin.pictures.video')}</h2>
        <Form method="post" encType="multipart/form-data" className="admin-pictures-video">
          <input type="hidden" name="security" value={security} />
          <label>
            {t('admin.pictures.video_url')}
            <input type="url" name="video_url" required maxLength={500} />
          </label>
          <label>
            {t('admin.pictures.poster')}
            <input type="file" name="poster" accept={ACCEPT} required />
          </label>
          <button type="submit" name="intent" value="video" className="button">
            {t('admin.pictures.video_button')}
          </button>
        </Form>
      </section>
    </AdminPage>
  );
}
