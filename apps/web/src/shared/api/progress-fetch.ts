// fetch() cannot report upload progress; XMLHttpRequest can. This stands in for fetch under the
// usual API client, so an upload keeps the bearer, the session parameters, the token refresh and
// the error envelope of every other call, and reports how much of its body went out (0..1).
export function progressFetch(onProgress: (fraction: number) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const url = input instanceof Request ? input.url : String(input);
      xhr.open(init?.method ?? 'GET', url);
      new Headers(init?.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        // A status a Response cannot carry (0 when the connection broke) is a network failure,
        // never a promise left pending: the upload's spinner must end either way.
        if (xhr.status < 200 || xhr.status > 599) {
          reject(new TypeError('Network request failed'));
          return;
        }
        // Statuses without a body may not be given one.
        const body = [204, 205, 304].includes(xhr.status) ? null : xhr.responseText;
        const type = xhr.getResponseHeader('content-type');
        resolve(new Response(body, { status: xhr.status, headers: type ? { 'content-type': type } : {} }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
      const signal = init?.signal;
      if (signal) {
        if (signal.aborted) {
          xhr.abort();
          return;
        }
        signal.addEventListener('abort', () => xhr.abort(), { once: true });
      }
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
