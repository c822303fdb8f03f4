import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../hooks/use-media-query';

const VIDEO_SRC = '/media/bloom-loop.webm';
const IMAGE_SRC = '/media/bloom.svg';

/**
 * The auth layout's right panel: a looping, muted bloom video; the static image instead when the video
 * fails (missing, undecodable) or the user prefers reduced motion. The image is also the video's poster.
 */
export function BloomShowcase() {
  const { t } = useTranslation();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [videoFailed, setVideoFailed] = useState(false);
  const startVideo = useCallback((video: HTMLVideoElement | null) => {
    if (!video) return;
    // Browsers only autoplay muted video; React sets `muted` as a property, so make sure.
    video.muted = true;
    video.play()?.catch(() => {
      // Autoplay refused: the poster (the static image) stays.
    });
  }, []);

  return (
    <aside className="bloom-showcase" aria-label={t('authLayout.panelLabel')}>
      {reducedMotion || videoFailed ? (
        <img className="bloom-showcase__media" src={IMAGE_SRC} alt={t('authLayout.panelImageAlt')} />
      ) : (
        <video
          className="bloom-showcase__media"
          src={VIDEO_SRC}
          poster={IMAGE_SRC}
          autoPlay
          muted
          loop
          playsInline
          aria-hidden="true"
          onError={() => setVideoFailed(true)}
          ref={startVideo}
        />
      )}
      <div className="bloom-showcase__caption">
        <p className="bloom-showcase__tagline">{t('authLayout.tagline')}</p>
        <p className="bloom-showcase__detail">{t('authLayout.taglineDetail')}</p>
      </div>
    </aside>
  );
}
