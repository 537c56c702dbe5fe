import { atom } from 'nanostores';

/**
 * Why a call failed, for the words a person reads: the device is offline, the server could not
 * save it (its database busy, its disk full), too many posts from this connection, what was sent
 * broke the contract, or the server refused it for another reason (not found, signed out...).
 */
export type FailureCause = 'offline' | 'busy' | 'storage_full' | 'rate_limited' | 'invalid' | 'refused';

export type ToastVariant = 'default' | 'success' | 'destructive';
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before it closes by itself. */
  duration: number;
  /**
   * Why a call failed, from its ApiError: offline, or a server that could not save (busy, full
   * disk), is not the person's fault, and the toast says so instead of its description.
   */
  cause?: FailureCause;
}
export type ToastInput = Omit<Toast, 'id' | 'variant' | 'duration'> & Partial<Pick<Toast, 'variant' | 'duration'>>;

export const DEFAULT_TOAST_DURATION = 5000;

/** The one toast on screen (a new toast replaces the current one), or null. */
export const $toast = atom<Toast | null>(null);

let lastId = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast from any island or script; it closes itself after `duration` ms. */
export function showToast(input: ToastInput): number {
  const toast: Toast = { variant: 'default', duration: DEFAULT_TOAST_DURATION, ...input, id: ++lastId };
  clearTimeout(timer);
  $toast.set(toast);
  timer = setTimeout(() => dismissToast(toast.id), toast.duration);
  return toast.id;
}

/** Closes the toast with this id (or whichever is showing), if it is still the one on screen. */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  $toast.set(null);
}
