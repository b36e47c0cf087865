/** aws-amplify reports a failed request as NetworkError; fetch itself throws "Failed to fetch". */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NetworkError' || error.message === 'Network Error') return true;
  return error instanceof TypeError && /fetch/i.test(error.message);
}
