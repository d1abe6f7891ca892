// The studio's JSON API, as the page uses it. Every failure becomes an ApiError carrying the server's message
// (and, for a bad option, the field it names and why).

import { pageLanguage, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(message, status, body = {}) {
    super(message);
    this.status = status;
    this.field = body.field ?? null;
    this.reason = body.reason ?? null;
    this.range = Boolean(body.range);
  }
}

// A request the page gave up (a newer one, or Cancel): not an error to show.
export class Stopped extends Error {}

async function answer(response) {
  if (response.ok) return response;
  let body = {};
  try {
    body = await response.json();
  } catch (_) { /* not JSON: keep the status line */ }
  throw new ApiError(body.error || `${response.status} ${response.statusText}`, response.status, body);
}

// Every request names the page's language, so that a refusal comes back in it.
async function send(url, init) {
  let response;
  try {
    response = await fetch(url, { ...init, headers: { ...init?.headers, "Accept-Language": pageLanguage } });
  } catch (error) {
    if (error.name === "AbortError") throw new Stopped();
    throw new ApiError(t("The studio server does not answer; is `washigen studio` still running?"), 0);
  }
  return answer(response);
}

// POST with ?stream=1: the server sends JSON lines, {"done", "total"} while bot games are played (onProgress hears
// them), then {"result"} or {"error"}; aborting `signal` closes the stream and the server stops the work.
export async function postStream(url, body, onProgress, signal) {
  const response = await send(`${url}${url.includes("?") ? "&" : "?"}stream=1`, {
    method: "POST", signal,
    headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
    body: JSON.stringify(body),
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const event = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if ("done" in event) onProgress?.(event.done, event.total);
        else if ("result" in event) return event.result;
        else if (event.cancelled) throw new Stopped();
        else throw new ApiError(event.error, event.status || 400, event);
      }
    }
  } catch (error) {
    if (error.name === "AbortError") throw new Stopped();
    throw error;
  }
  throw new ApiError(t("The studio server does not answer; is `washigen studio` still running?"), 0);
}

export async function getJson(url) {
  return (await send(url, { headers: { Accept: "application/json" } })).json();
}

export async function postJson(url, body) {
  const response = await send(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

export async function postFile(url, bytes) {
  const response = await send(url, { method: "POST", headers: { "Content-Type": "application/octet-stream" },
                                     body: bytes });
  return response.json();
}

// POST /api/render (or /api/game): resolves to {blob, filename} named as the server names the file.
export async function render(format, body, endpoint = "/api/render") {
  const response = await send(`${endpoint}?format=${encodeURIComponent(format)}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = disposition.match(/filename="([^"]+)"/);
  return { blob: await response.blob(), filename: match ? match[1] : `design.${format}` };
}
