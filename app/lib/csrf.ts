/** Names shared by the server check and the forms / API clients. */
export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "X-CSRFToken";
export const CSRF_FIELD = "csrf";
