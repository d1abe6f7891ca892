// Editing a Tokyo Washi Game Cops map in its JSON form, by points on the drawing (mm) rather than grid cells: move
// a crime location within its zone, draw a path from a location to another or to a port on the tape's edge, erase
// a path. Where each segment lies and its zones' spans come from the server ("frames"); whether the edited map
// still keeps the rules is the server's validator's to say, never this file's. Edits keep what the file format
// requires (a path's location end starts inside its location, a port end lies on the tape's edge).

import { t } from "./i18n.js";

const round = (value) => Math.round(value * 100) / 100;

// The tools for a Cops map: [{id, label, free, pick?, first?(design, point), apply(design, point, first)}]. A `free`
// tool takes points (mm on the drawing), not cells; a `pick` tool takes two clicks, the first checked by `first`.
export function copsTools(frames) {
  if (!frames?.length) return [];
  return [
    { id: "cops:move", label: t("Move a location (click it, then where it goes)"), free: true, pick: true,
      first: (d, point) => locationAt(d, frames, point),
      apply: (d, point, first) => moveLocation(d, frames, first, point) },
    { id: "cops:path", label: t("Draw a path (click a location, then a location or the tape's edge)"), free: true,
      pick: true, first: (d, point) => locationAt(d, frames, point),
      apply: (d, point, first) => drawPath(d, frames, first, point) },
    { id: "cops:erase", label: t("Erase a path (click it)"), free: true,
      apply: (d, point) => erasePath(d, frames, point) },
  ];
}

// The segment (0-based) under a point of the drawing, and the point in that segment's own frame.
export function segmentAt(frames, point) {
  for (const [index, frame] of frames.entries()) {
    const x = point.x - frame.x;
    const y = point.y - frame.y;
    if (x >= 0 && x <= frame.length && y >= 0 && y <= frame.width) return { index, x, y };
  }
  return null;
}

// The location under a point: {segment, zone, location (its index in the zone), id, box (mm on the drawing)}.
export function locationAt(design, frames, point) {
  const at = point && segmentAt(frames, point);
  if (!at) return null;
  const segment = design.segments[at.index];
  for (const [zone, { locations }] of segment.zones.entries()) {
    for (const [k, l] of locations.entries()) {
      if (at.x >= l.x && at.x <= l.x + l.w && at.y >= l.y && at.y <= l.y + l.h) {
        const frame = frames[at.index];
        return { segment: at.index, zone, location: k, id: l.id,
                 box: { x: l.x + frame.x, y: l.y + frame.y, w: l.w, h: l.h } };
      }
    }
  }
  return null;
}

const centre = (l) => [round(l.x + l.w / 2), round(l.y + l.h / 2)];

// The location moved so that its centre is at `point`, kept within its zone and on the tape; its areas, and the
// ends of the paths and new roads that start inside it, move with it.
export function moveLocation(design, frames, picked, point) {
  if (!picked) return null;
  const next = structuredClone(design);
  const frame = frames[picked.segment];
  const segment = next.segments[picked.segment];
  const l = segment.zones[picked.zone].locations[picked.location];
  const [low, high] = frame.zones[picked.zone];
  const x = Math.min(Math.max(point.x - frame.x - l.w / 2, low), high - l.w);
  const y = Math.min(Math.max(point.y - frame.y - l.h / 2, 0), frame.width - l.h);
  const [dx, dy] = [round(x - l.x), round(y - l.y)];
  if (dx === 0 && dy === 0) return null;
  const shift = (p) => [round(p[0] + dx), round(p[1] + dy)];
  Object.assign(l, { x: round(l.x + dx), y: round(l.y + dy) });
  l.areas = l.areas.map((area) => ({ ...area, x: round(area.x + dx), y: round(area.y + dy) }));
  for (const path of segment.paths) {
    if (path.a.location === l.id) path.points[0] = shift(path.points[0]);
    if (path.b.location === l.id) path.points[path.points.length - 1] = shift(path.points[path.points.length - 1]);
  }
  for (const road of next.roads || []) {
    if (road.a.location === l.id && road.a.segment === picked.segment) road.points[0] = shift(road.points[0]);
    const last = road.points.length - 1;
    if (road.b.location === l.id && road.b.segment === picked.segment) road.points[last] = shift(road.points[last]);
  }
  return next;
}

const locationEnd = (id) => ({ location: id, port: null, joint: null, at: null });

// A straight path from the picked location's centre to another location's centre on the same segment, or to a
// port where the point is near the tape's top or bottom edge (within two paths' widths).
export function drawPath(design, frames, picked, point) {
  if (!picked) return null;
  const next = structuredClone(design);
  const frame = frames[picked.segment];
  const segment = next.segments[picked.segment];
  const from = segment.zones[picked.zone].locations[picked.location];
  const other = locationAt(design, frames, point);
  let end;
  let to;
  if (other && other.segment === picked.segment) {
    if (other.id === picked.id) return null;
    end = locationEnd(other.id);
    to = centre(segment.zones[other.zone].locations[other.location]);
  } else {
    const at = segmentAt(frames, point);
    if (!at || at.index !== picked.segment) return null;
    const edge = 2 * frame.reach;
    const side = at.y <= edge ? "top" : at.y >= frame.width - edge ? "bottom" : null;
    if (!side) return null;
    end = { location: null, port: side, joint: null, at: round(at.x) };
    to = [round(at.x), side === "top" ? 0 : frame.width];
  }
  segment.paths.push({ a: locationEnd(from.id), b: end, points: [centre(from), to] });
  return next;
}

// The path nearest the point, within a path's width of it, taken away.
export function erasePath(design, frames, point) {
  const at = segmentAt(frames, point);
  if (!at) return null;
  const paths = design.segments[at.index].paths;
  let best = -1;
  let nearest = frames[at.index].reach;
  paths.forEach((path, index) => {
    const distance = polylineDistance(path.points, [at.x, at.y]);
    if (distance <= nearest) { nearest = distance; best = index; }
  });
  if (best < 0) return null;
  const next = structuredClone(design);
  next.segments[at.index].paths.splice(best, 1);
  return next;
}

function polylineDistance(points, p) {
  let best = Infinity;
  for (let i = 1; i < points.length; i += 1) best = Math.min(best, legDistance(points[i - 1], points[i], p));
  return best;
}

function legDistance(a, b, p) {
  const [vx, vy] = [b[0] - a[0], b[1] - a[1]];
  const length = vx * vx + vy * vy;
  const t = length ? Math.max(0, Math.min(1, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / length)) : 0;
  return Math.hypot(a[0] + t * vx - p[0], a[1] + t * vy - p[1]);
}
