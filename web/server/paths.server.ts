/**
 * A path that names no page of any site: a broken percent-encoding (`%zz`, overlong UTF-8 such as
 * `%c0%ae`), or one that decodes to control characters or line separators. The router warns on
 * stderr for each of the first kind (a log flood on demand), fails on some of the second ('/%0a/x'
 * becomes '//x' when it rebuilds the URL) and matches none of the third: refused before rendering.
 */
export function isDecodablePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f\u2028\u2029]/.test(decoded);
}
