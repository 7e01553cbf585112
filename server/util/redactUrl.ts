// Logged URLs must never carry secrets: password-reset links and token refreshes put them in the
// query string. Values of sensitive-looking keys are replaced; everything else is kept verbatim.
const SENSITIVE_KEY = /token|password|passwd|secret|code|key|otp|signature/i;
export const REDACTED = '[redacted]';

function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url.slice(queryStart + 1);
  const redacted = query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const key = equals < 0 ? part : part.slice(0, equals);
      if (!SENSITIVE_KEY.test(decodeKey(key))) return part;
      return equals < 0 ? part : `${key}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}
