/** The one error shape of the API. */

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
