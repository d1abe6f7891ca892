// The studio's JSON API, as the page uses it. Every failure becomes an ApiError carrying the server's message.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function answer(response) {
  if (response.ok) return response;
  let message = `${response.status} ${response.statusText}`;
  try {
    message = (await response.json()).error || message;
  } catch (_) { /* not JSON: keep the status line */ }
  throw new ApiError(message, response.status);
}

async function send(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (_) {
    throw new ApiError("The studio server does not answer; is `washigen studio` still running?", 0);
  }
  return answer(response);
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

// POST /api/render: resolves to {blob, filename} named as the server names the file.
export async function render(format, body) {
  const response = await send(`/api/render?format=${encodeURIComponent(format)}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = disposition.match(/filename="([^"]+)"/);
  return { blob: await response.blob(), filename: match ? match[1] : `design.${format}` };
}
