/**
 * A GET of the API with the stored access token, by plain fetch: for the
 * requests every signed-in load waits for (the user, a board's week), which
 * should not wait for the API client's code to arrive first. The caller
 * hands anything but a 200 to the API client, which refreshes an expired
 * token and reports errors as everywhere else.
 */
export function tokenFetch(path: string, token: string, signal?: AbortSignal): Promise<Response> {
  const language = document.documentElement.lang;
  return fetch(path, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      ...(language ? { "Accept-Language": language } : {}),
    },
    credentials: "same-origin",
    ...(signal ? { signal } : {}),
  });
}
