import { Modal } from '#app/components/ui/modal.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { videoEmbedUrl } from '#app/domain/catalog/video.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * The video lightbox. The provider's player is created only while the dialog is open, so the
 * page itself never contacts YouTube or Vimeo; an id that fails the check is never embedded.
 */
export function VideoDialog({
  video,
  title,
  onClose,
}: {
  video: { provider: unknown; id: unknown } | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const src = video ? videoEmbedUrl(video) : null;
  return (
    <Modal
      open={video !== null}
      onClose={onClose}
      title={t('product.gallery_video_title', { title })}
      className="video-dialog"
    >
      {video !== null &&
        (src ? (
          <div className="video-frame">
            <iframe
              src={src}
              title={title}
              allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : (
          <Notice kind="error">{t('product.gallery_video_invalid')}</Notice>
        ))}
    </Modal>
  );
}
