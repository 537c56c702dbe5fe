/**
 * A random id this device keeps, so that "I see it too" counts once per device and report. The
 * server stores only a keyed hash of it with the report, never the id itself.
 */
export function deviceId(): string {
  try {
    let id = localStorage.getItem('deviceId');
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem('deviceId', id);
    }
    return id;
  } catch {
    return crypto.randomUUID();
  }
}
