import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, DEFAULT_TOAST_DURATION, dismissToast, showToast } from './toast.ts';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    showToast({ title: 'First' });
    showToast({ title: 'Second', variant: 'destructive' });
    expect($toast.get()).toMatchObject({ title: 'Second', variant: 'destructive' });
  });

  it('closes after 5000 ms by default', () => {
    showToast({ title: 'Hello' });
    expect($toast.get()?.duration).toBe(DEFAULT_TOAST_DURATION);
    vi.advanceTimersByTime(4999);
    expect($toast.get()?.title).toBe('Hello');
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('honours its own duration, and an old timer never closes a newer toast', () => {
    showToast({ title: 'Old', duration: 1000 });
    vi.advanceTimersByTime(500);
    showToast({ title: 'New', duration: 10_000 });
    vi.advanceTimersByTime(9_000);
    expect($toast.get()?.title).toBe('New');
    vi.advanceTimersByTime(1_000);
    expect($toast.get()).toBeNull();
  });

  it('dismissing a toast that is no longer shown leaves the current one', () => {
    const old = showToast({ title: 'Old' });
    showToast({ title: 'New' });
    dismissToast(old);
    expect($toast.get()?.title).toBe('New');
  });
});
