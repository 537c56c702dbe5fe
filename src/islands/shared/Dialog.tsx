import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the browser's own <dialog>: it traps focus, closes on Escape, and gives focus
 * back to what opened it. A tap on the backdrop closes it too.
 */
export function Dialog({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    return () => element.close();
  }, []);

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} onClose={onClose} onClick={(event) => event.target === dialog.current && dialog.current.close()}>
      <div className="dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="dialog-close" aria-label={closeLabel} onClick={() => dialog.current?.close()}>
          ×
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
