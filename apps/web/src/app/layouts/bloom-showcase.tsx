import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import bloomVideo from '../../assets/bloom-loop.webm';
import { useMediaQuery } from '../../hooks/use-media-query';

const IMAGE_SRC = '/media/bloom.svg';

/**
 * The auth layout's right panel: a looping, muted bloom video; the static image instead when the video
 * fails (missing, undecodable, autoplay refused) or the user prefers reduced motion. The media fill the
 * panel above the caption, never behind it. The video (720×960, on the panel's own navy) is shown whole and
 * no larger than it is sharp; the image is a vector, so it may fill its area.
 */
export function BloomShowcase() {
  const { t } = useTranslation();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [videoFailed, setVideoFailed] = useState(false);
  const startVideo = useCallback((video: HTMLVideoElement | null) => {
    if (!video) return;
    // Browsers only autoplay muted video; React sets `muted` as a property, so make sure.
    video.muted = true;
    video.play()?.catch((error: unknown) => {
      // Autoplay refused: a still video would look broken, so the static image instead.
      if (error instanceof DOMException && error.name === 'NotAllowedError') setVideoFailed(true);
    });
  }, []);

  return (
    <aside className="bloom-showcase" aria-label={t('authLayout.panelLabel')}>
      <div className="bloom-showcase__frame">
        {reducedMotion || videoFailed ? (
          <img
            className="bloom-showcase__media bloom-showcase__media--image"
            src={IMAGE_SRC}
            alt={t('authLayout.panelImageAlt')}
          />
        ) : (
          <video
            className="bloom-showcase__media bloom-showcase__media--video"
            src={bloomVideo}
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
      </div>
    </aside>
  );
}
