import { type MouseEvent, useState } from 'react';
import { Icon } from '#app/components/icon.tsx';
import { type VideoView, videoFromUrl, videoPageUrl } from '#app/domain/catalog/video.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { VideoDialog } from './video-dialog.tsx';

/**
 * A product description: paragraphs of text, where a paragraph holding only a YouTube or Vimeo
 * address becomes a video link. It opens the video lightbox; without JavaScript it leads to the
 * provider's page. Nothing is embedded before the shopper asks, and addresses with ids the
 * shop refuses stay plain text.
 */
export function ProductDescription({ text, name }: { text: string; name: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState<VideoView | null>(null);
  const paragraphs = text.split(/\n{2,}/).map((para) => ({ para, video: videoFromUrl(para) }));
  const play = (video: VideoView) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setPlaying(video);
  };
  return (
    <>
      {paragraphs.map(({ para, video }, i) =>
        video ? (
          <p key={i} className="description-video">
            <a href={videoPageUrl(video)} onClick={play(video)} aria-haspopup="dialog">
              <span className="description-video-icon" aria-hidden="true">
                <Icon name="play" size={20} />
              </span>
              {t('product.gallery_play_video', { title: name })}
            </a>
          </p>
        ) : (
          <p key={i}>{para}</p>
        ),
      )}
      {paragraphs.some((p) => p.video) && (
        <VideoDialog video={playing} title={name} onClose={() => setPlaying(null)} />
      )}
    </>
  );
}
