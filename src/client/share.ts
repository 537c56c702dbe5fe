/**
 * Hands `text` to the device's share sheet, or copies it where there is none or it failed.
 * Answers 'shared' (also when the person closed the sheet), 'copied', or 'failed' when neither worked.
 */
export async function shareOrCopy(title: string, text: string): Promise<'shared' | 'copied' | 'failed'> {
  if (navigator.share) {
    try {
      await navigator.share({ title, text });
      return 'shared';
    } catch (error) {
      if ((error as Error).name === 'AbortError') return 'shared';
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
