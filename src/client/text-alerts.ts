/**
 * The phones this device signed up for text alerts (/alerts-live), kept only in this browser so
 * its notifications page can list and stop them: the server is never asked which numbers exist.
 */
export interface TextAlert {
  phone: string;
  /** The city as the server placed it; empty: all of California. */
  city: string;
}

const KEY = 'text-alerts';

export function textAlerts(): TextAlert[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as TextAlert[]).filter((alert) => alert && typeof alert.phone === 'string' && typeof alert.city === 'string') : [];
  } catch {
    return [];
  }
}

const save = (alerts: TextAlert[]) => {
  try {
    localStorage.setItem(KEY, JSON.stringify(alerts));
  } catch {
    // Private mode or a full storage: the texts come anyway, and STOP ends them.
  }
};

/** One entry per number, as the server keeps one subscription per number. */
export const rememberTextAlert = (alert: TextAlert) => save([alert, ...textAlerts().filter((known) => known.phone !== alert.phone)]);

export const forgetTextAlert = (phone: string) => save(textAlerts().filter((known) => known.phone !== phone));
