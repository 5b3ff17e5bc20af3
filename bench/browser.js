// What a shopper's browser does with JavaScript off, for one shopper: it keeps its own
// cookies, follows nothing by itself (the caller sees each answer, redirects included, as a
// step), reads the forms of a page and posts them with what the shopper typed.
//
// Requests go to 127.0.0.1 with the shop's Host header (Node cannot resolve *.localhost),
// from the shopper's own address in X-Forwarded-For (the app runs behind a trusted proxy in
// the benchmark), with a browser's User-Agent (the app does not count bots' page views) and
// Accept-Encoding (the app compresses, as it would for a browser).
import http from "node:http";
import zlib from "node:zlib";

export const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en",
  "accept-encoding": "gzip",
};

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
const decode = (text) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) => ENTITIES[name]);

/** The attributes of one start tag (React writes every value in double quotes). */
function attributes(tag) {
  const result = {};
  for (const [, name, value] of tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)) result[name] = decode(value ?? "");
  return result;
}

/**
 * The form `id` of a page: its action, the names of its fields, and the values a browser
 * would submit untouched (hidden fields, pre-filled ones). Fields belong to the form when
 * they are inside it or name it in their `form` attribute. Null when the page has no such form.
 */
export function readForm(html, id) {
  const start = html.match(new RegExp(`<form\\b[^>]*\\sid="${id}"[^>]*>`));
  if (!start) return null;
  const inside = html.slice(start.index, html.indexOf("</form>", start.index));
  const names = new Set();
  const fields = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const input = attributes(tag);
    if (!input.name || !(input.form === id || inside.includes(tag))) continue;
    names.add(input.name);
    if (input.value !== undefined) fields[input.name] = input.value;
  }
  // A list (the checkout's country): its selected option, else its first, as a browser sends it.
  for (const [, tag, options] of html.matchAll(/(<select\b[^>]*>)([\s\S]*?)<\/select>/g)) {
    const select = attributes(tag);
    if (!select.name || !(select.form === id || inside.includes(tag))) continue;
    const all = [...options.matchAll(/<option\b[^>]*>/g)].map(([option]) => option);
    const chosen = all.find((option) => /\sselected(=|\s|>)/.test(option)) ?? all[0];
    names.add(select.name);
    if (chosen) fields[select.name] = attributes(chosen).value ?? "";
  }
  return { action: attributes(start[0]).action ?? "", names, fields };
}

/**
 * A browser for one shopper on `host` (e.g. demo.localhost:3400) reached at 127.0.0.1:`port`.
 * Every request gives up after `timeoutMs` (the answer is then `{ status: 0, error }`).
 */
export function createBrowser({ port, host, forwardedFor, timeoutMs }) {
  const cookies = new Map();
  // Keep-alive, one pool per shopper: a browser keeps its connections to the shop open.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const origin = `http://${host}`;

  function remember(setCookies = []) {
    for (const line of setCookies) {
      const [pair, ...options] = line.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const expired = options.some((option) => /^\s*max-age=0\s*$/i.test(option));
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(pair.indexOf("=") + 1).trim());
    }
  }

  function request(method, path, body) {
    const headers = { ...BROWSER_HEADERS, host, "x-forwarded-for": forwardedFor };
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (body !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers["content-length"] = Buffer.byteLength(body);
      headers.origin = origin;
    }
    return new Promise((resolve) => {
      const outgoing = http.request(
        { host: "127.0.0.1", port, method, path, headers, agent, signal: AbortSignal.timeout(timeoutMs) },
        (response) => {
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("error", (error) => resolve({ status: 0, error: error.message }));
          response.on("end", () => {
            remember(response.headers["set-cookie"]);
            const raw = Buffer.concat(chunks);
            const html = response.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw).toString() : raw.toString();
            resolve({ status: response.statusCode, location: response.headers.location ?? null, html });
          });
        },
      );
      outgoing.on("error", (error) =>
        resolve({ status: 0, error: error.name === "AbortError" ? `no answer in ${timeoutMs} ms` : error.message }),
      );
      if (body !== undefined) outgoing.write(body);
      outgoing.end();
    });
  }

  return {
    get: (path) => request("GET", path),
    /** Posts `form` (from readForm) with `typed` filled into the fields the form has. */
    submit(form, typed) {
      const values = { ...form.fields };
      for (const [name, value] of Object.entries(typed)) if (form.names.has(name)) values[name] = value;
      return request("POST", form.action, new URLSearchParams(values).toString());
    },
    close: () => agent.destroy(),
  };
}
