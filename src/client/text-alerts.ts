/**
 * The phones this device signed up for text alerts (/alerts-live), kept only in this browser so
 * its notifications page can list and stop them: the server is never asked which numbers exist.
 */
import { storedList } from './stored-list.ts';

export interface TextAlert {
  phone: string;
  /** The city as the server placed it; empty: all of California. */
  city: string;
}

// Where storage cannot be used, the texts come anyway, and STOP ends them.
const stored = storedList<TextAlert>(
  'text-alerts',
  (alert) => typeof alert.phone === 'string' && typeof alert.city === 'string',
  (alert) => alert.phone,
);

export const textAlerts = stored.read;

/** One entry per number, as the server keeps one subscription per number. */
export const rememberTextAlert = stored.remember;

export const forgetTextAlert = stored.forget;
