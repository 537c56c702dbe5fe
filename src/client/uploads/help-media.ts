import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES, MAX_VIDEO_SECONDS } from '../../common/contract/limits.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';

type T = (key: MessageKey, vars?: Vars) => string;

/** How long a video plays, read by the browser from the file itself; rejects when it cannot. */
export function videoSeconds(file: File): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = () => URL.revokeObjectURL(url);
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      done();
      if (Number.isFinite(video.duration)) resolve(video.duration);
      else reject(new Error('no duration'));
    };
    video.onerror = () => {
      done();
      reject(new Error('unreadable video'));
    };
    video.src = url;
  });
}

/**
 * Why a file cannot join a post (spec section 5, Media), or null when it can: at most 5 files and
 * one video, images or videos only, 100 MB each, a video at most 60 s. The server checks all of
 * this again, by content.
 */
export async function refuseMedia(file: File, chosen: { video: boolean }[], t: T): Promise<string | null> {
  if (chosen.length >= MAX_MEDIA_FILES) return t('help.mediaTooMany');
  const isVideo = file.type.startsWith('video/');
  if (!isVideo && !file.type.startsWith('image/')) return t('help.mediaWrongType', { file: file.name });
  if (file.size > MAX_MEDIA_BYTES) return t('help.mediaTooLarge', { file: file.name });
  if (!isVideo) return null;
  if (chosen.some((media) => media.video)) return t('help.mediaOneVideo');
  let seconds: number;
  try {
    seconds = await videoSeconds(file);
  } catch {
    return t('help.videoUnreadable', { file: file.name });
  }
  return seconds > MAX_VIDEO_SECONDS ? t('help.videoTooLong', { file: file.name, n: Math.round(seconds) }) : null;
}
