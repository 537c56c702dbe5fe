import { useEffect, useId, useRef, useState } from 'react';
import type { CommunityMediaType } from '../../common/contract/limits.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { refuseMedia } from '../../client/uploads/help-media.ts';
import { showToast } from '../../client/toast.ts';
import { keptFor, upload, type KeptUpload } from '../../client/uploads/upload.ts';

interface Chosen {
  key: number;
  name: string;
  video: boolean;
  /** A local address for the thumbnail. */
  preview: string;
  /** 0 to 1 while uploading, null once done. */
  progress: number | null;
  /** Where the server serves it, once uploaded. */
  url: string | null;
  /** Stops its upload. */
  upload: AbortController;
}

export interface MediaValue {
  imageUrls: string[];
  videoUrl: string | null;
  uploading: boolean;
}

let nextKey = 0;

/**
 * Up to 5 photos and one video for a help post. Each file is checked on the phone first (a
 * refused file is dropped with a 5-second notice), then uploaded at once with its progress shown;
 * the server checks it again and strips its metadata. Re-mount it (a new `key`) to empty it.
 * An upload in parts cut by a page reload goes on where it stopped when the field comes back on
 * this phone; closing the form stops its uploads for good.
 */
export function MediaField({ mediaType, t, onChange }: { mediaType: CommunityMediaType; t: (key: MessageKey, vars?: Vars) => string; onChange: (value: MediaValue) => void }) {
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const current = useRef(chosen);
  current.current = chosen;
  const id = useId();

  useEffect(() => {
    onChange({
      imageUrls: chosen.filter((media) => !media.video && media.url).map((media) => media.url!),
      videoUrl: chosen.find((media) => media.video && media.url)?.url ?? null,
      uploading: chosen.some((media) => media.progress !== null),
    });
  }, [chosen, onChange]);

  useEffect(() => {
    let here = true;
    void keptFor(mediaType).then((kept) => here && kept.forEach((upload) => start(upload.file, upload)));
    return () => {
      here = false;
      // Thumbnails are local object addresses: let the browser free them when the field goes.
      current.current.forEach((media) => {
        URL.revokeObjectURL(media.preview);
        media.upload.abort();
      });
    };
    // Once: a mounted field's kind does not change.
  }, []);

  const update = (key: number, change: Partial<Chosen>) => setChosen((list) => list.map((media) => (media.key === key ? { ...media, ...change } : media)));
  const remove = (key: number) => {
    const gone = current.current.find((media) => media.key === key);
    if (!gone) return;
    URL.revokeObjectURL(gone.preview);
    gone.upload.abort();
    setChosen((list) => list.filter((media) => media.key !== key));
  };
  const notice = (title: string) => showToast({ title, variant: 'destructive', duration: 5000 });

  /** Shows the file and uploads it (or goes on with its kept upload). */
  function start(file: File, kept?: KeptUpload) {
    const media: Chosen = {
      key: nextKey++,
      name: file.name,
      video: file.type.startsWith('video/'),
      preview: URL.createObjectURL(file),
      progress: 0,
      url: null,
      upload: new AbortController(),
    };
    current.current = [...current.current, media];
    setChosen(current.current);
    const { signal } = media.upload;
    upload(mediaType, file, (share) => update(media.key, { progress: share }), { signal, kept })
      .then((uploaded) => update(media.key, { url: uploaded.url, progress: null }))
      .catch(() => {
        if (signal.aborted) return;
        remove(media.key);
        notice(t('help.mediaFailed', { file: file.name }));
      });
  }

  async function add(files: File[]) {
    if (input.current) input.current.value = '';
    for (const file of files) {
      let refusal: string | null;
      try {
        refusal = await refuseMedia(file, current.current, t);
      } catch {
        refusal = t('help.mediaCheckError');
      }
      if (refusal) {
        notice(refusal);
        continue;
      }
      start(file);
    }
  }

  return (
    <div className="field">
      <span className="label" id={`${id}-label`}>
        {t('help.mediaLabel')} <span className="hint">({t('common.optional')})</span>
      </span>
      {chosen.length > 0 && (
        <ul className="media-chosen" aria-labelledby={`${id}-label`}>
          {chosen.map((media) => (
            <li key={media.key}>
              {media.video ? <span className="media-video-thumb">▶ {t('help.video')}</span> : <img src={media.preview} alt="" width="72" height="72" />}
              <span className="media-state" aria-live="polite">
                {media.progress === null ? t('help.mediaUploaded') : t('help.mediaUploading', { percent: `${Math.round(media.progress * 100)}%` })}
              </span>
              {media.progress !== null && <progress max={1} value={media.progress} />}
              <button type="button" className="button secondary small" onClick={() => remove(media.key)} aria-label={t('help.mediaRemove', { file: media.name })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="button secondary file-button">
        {t('help.mediaAdd')}
        <input ref={input} type="file" accept="image/*,video/*" multiple onChange={(event) => void add([...(event.target.files ?? [])])} aria-describedby={`${id}-note`} />
      </label>
      <span className="hint" id={`${id}-note`}>
        {t('help.mediaNote')}
      </span>
    </div>
  );
}
