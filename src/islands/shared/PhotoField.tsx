import { useEffect, useRef, useState } from 'react';
import { MAX_PHOTO_BYTES, type UploadKind } from '../../common/contract/limits.ts';
import type { MessageKey, Vars } from '../../common/i18n/messages.ts';
import { showToast } from '../../client/toast.ts';
import { keptFor, upload, type KeptUpload } from '../../client/uploads/upload.ts';
import { failureCause } from '../../client/api.ts';

/**
 * One photo, uploaded as soon as it is chosen (with progress); the server strips its metadata.
 * 'Upload Photo' becomes 'Change Photo' with 'Photo uploaded successfully'. `onChange` gets the
 * served address (or null) and whether an upload is still under way; when the parent sets
 * `url` back to null (after a post), the preview goes too. An upload in parts cut by a page
 * reload goes on where it stopped when the field comes back on this phone.
 */
export function PhotoField({
  kind,
  t,
  url,
  onChange,
}: {
  kind: UploadKind;
  t: (key: MessageKey, vars?: Vars) => string;
  url: string | null;
  onChange: (url: string | null, uploading: boolean) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** Stops the upload under way, if any. */
  const underWay = useRef<AbortController>(null);

  // Once: a mounted field's kind does not change (and it stays as long as its page).
  useEffect(() => void keptFor(kind).then(([last]) => last && start(last.file, last)), []);

  useEffect(() => {
    if (url === null && progress === null && preview) {
      URL.revokeObjectURL(preview);
      setPreview(null);
    }
  }, [url, progress, preview]);

  async function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) {
      showToast({ title: t('photo.tooBig'), variant: 'destructive' });
      return;
    }
    // The photo it replaces is of no use any more, even half sent.
    underWay.current?.abort();
    await start(file);
  }

  /** Shows the photo and uploads it (or goes on with its kept upload). */
  async function start(file: File, kept?: KeptUpload) {
    const mine = (underWay.current = new AbortController());
    if (preview) URL.revokeObjectURL(preview);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onChange(null, true);
    try {
      onChange((await upload(kind, file, setProgress, { signal: mine.signal, kept })).url, false);
    } catch (error) {
      // Replaced by another photo: not a failure.
      if (mine.signal.aborted) return;
      setPreview(null);
      onChange(null, false);
      showToast({ title: t('photo.failed'), variant: 'destructive', cause: failureCause(error) });
    }
    setProgress(null);
  }

  return (
    <div className="field">
      <span className="label">{t('photo.label')}</span>
      {preview && (
        <div className="photo-preview">
          <img src={preview} alt="" width={120} height={90} />
          {progress !== null ? (
            <progress max={1} value={progress} aria-label={t('photo.uploading')} />
          ) : (
            url && (
              <span className="note ok-text" role="status">
                {t('photo.uploaded')}
              </span>
            )
          )}
        </div>
      )}
      <div className="photo-actions">
        <label className="button secondary file-button">
          {url ? t('photo.change') : t('photo.upload')}
          <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void choose(event.target.files?.[0])} />
        </label>
        {url && (
          <button type="button" className="link-button" onClick={() => onChange(null, false)}>
            {t('photo.remove')}
          </button>
        )}
      </div>
      <span className="hint">{t('photo.note')}</span>
    </div>
  );
}
